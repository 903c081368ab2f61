#!/usr/bin/env bash
# make test's steps after the package is built: the package's tests, and the example package
# (a copy outside the checkout that Makefile's example-tree made) built and tested.
#
# The example's build compiles LiveStudio and its dependencies a second time, in its own
# folder. The test run leaves a good part of both cores idle (its tests wait on real-time
# rooms, Xvfb, Chromium and servers), so the example is built beside it at the idle
# scheduling class: it takes only CPU time the tests leave, and the tests' timing is theirs.
# Its tests run after the package's, alone.
#
# Usage: scripts/test.sh EXAMPLE_DIR SWIFT CONFIG [SWIFT_FLAGS...]
set -uo pipefail
example=$1 swift=$2 config=$3
shift 3
flags=("$@")

# SCHED_IDLE where the kernel gives it to an unprivileged process (Linux does); else the
# lowest nice, which still yields most of the CPU to the tests.
if chrt --idle 0 true 2>/dev/null; then idle=(chrt --idle 0); else idle=(nice -n 19); fi

log="$example/build.log"
echo "example: building $example beside the tests, on idle CPU (its log: $log)"
(cd "$example" && exec env -u LIVESTUDIO_ASSETS "${idle[@]}" "$swift" build --build-tests -c "$config" "${flags[@]}") \
  >"$log" 2>&1 &
builder=$!
trap 'kill -INT "$builder" 2>/dev/null' EXIT

"$swift" test -c "$config" "${flags[@]}"
status=$?
if [ "$status" -ne 0 ]; then
  [ -f artifacts/golden-review.html ] \
    && echo "make test: goldens failed; review them in $PWD/artifacts/golden-review.html"
  exit "$status"
fi

if ! wait "$builder"; then
  echo "example: the build of $example failed; the end of its log ($log):"
  tail -n 40 "$log"
  exit 1
fi
trap - EXIT
echo "example: testing Examples/LuckyWheel in $example"
cd "$example" && exec env -u LIVESTUDIO_ASSETS "$swift" test -c "$config" "${flags[@]}"
