#!/bin/bash
# make api-check: the public API of every library product against the release .api-baseline
# names. swift package diagnose-api-breaking-changes builds that release and lists each break;
# the breaks .api-breakage-allowlist holds (announced in CHANGELOG.md, or source-compatible)
# are passed over here, line by line, because SwiftPM 6.2 and later no longer hand the
# allowlist to swift-api-digester. Any other break fails the check, named.
set -uo pipefail
SWIFT=${SWIFT:-swift}
cd "$(dirname "$0")/.."
commit=$(sed -n 's/^commit //p' .api-baseline 2>/dev/null)
version=$(sed -n 's/^version //p' .api-baseline 2>/dev/null)
if [ -z "$commit" ]; then
  echo "api-check: .api-baseline names no release; write 'version X.Y.Z' and 'commit <sha>' lines (the release's tag and commit)"
  exit 1
fi
if ! git cat-file -e "$commit^{commit}" 2>/dev/null; then
  echo "api-check: the baseline $version ($commit) is not in this clone; fetch the history (git fetch --unshallow) or the tag (git fetch origin tag $version)"
  exit 1
fi
echo "api-check: the public API against $version ($commit)"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$SWIFT" package diagnose-api-breaking-changes "$commit" --breakage-allowlist-path .api-breakage-allowlist >"$log" 2>&1
status=$?
breaks=$(grep -o 'API breakage: .*' "$log" | sed 's/ *\[#api-digester-breaking-change\]$//' | sort -u)
if [ $status -ne 0 ] && [ -z "$breaks" ]; then
  cat "$log"
  echo "api-check: swift package diagnose-api-breaking-changes failed (exit $status) before comparing; its output is above"
  exit 1
fi
allowed=$(grep -v '^#' .api-breakage-allowlist 2>/dev/null | sed '/^[[:space:]]*$/d' | sort -u)
unannounced=$(comm -23 <(printf '%s\n' "$breaks" | sed '/^$/d') <(printf '%s\n' "$allowed" | sed '/^$/d'))
count=$(printf '%s\n' "$breaks" | sed '/^$/d' | wc -l)
stale=$(comm -13 <(printf '%s\n' "$breaks" | sed '/^$/d') <(printf '%s\n' "$allowed" | sed '/^$/d'))
if [ -n "$stale" ]; then
  echo "api-check: .api-breakage-allowlist lists breaks the check no longer finds (remove them):"
  printf '  %s\n' "$stale"
fi
if [ -n "$unannounced" ]; then
  echo "api-check: breaks since $version that .api-breakage-allowlist does not list:"
  printf '  %s\n' "$unannounced"
  echo "api-check: announce each under Unreleased, Breaking (before and after) and add its line to .api-breakage-allowlist, or keep the old name as a deprecated shim"
  exit 1
fi
echo "api-check: $count break(s) since $version, each announced in CHANGELOG.md and listed in .api-breakage-allowlist"
