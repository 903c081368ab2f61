#!/bin/sh
# Makes the DevTools fuzz seeds in Tests/Fixtures/DevTools again: what headless Chromium and
# Python's urllib send a DevTools server while the page is used (record_devtools_traffic.py),
# one file per connection, over a headless room with danmaku.
# Usage: Tests/Tools/record_devtools_seeds.sh [STUDIO] [PYTHON]
set -eu
. "$(dirname "$0")/wait_line.sh"
studio=${1:-.build/debug/studio}
python=${2:-.venv/bin/python3}
out=Tests/Fixtures/DevTools
mkdir -p "$out"
rm -f "$out"/*.devtools
log=$(mktemp)
"$studio" run --headless --devtools --frames 7200 >"$log" &
room=$!
url=$(wait_line "$room" "$log" 's|^DevTools: \(http://.*\)$|\1|p')
"$python" Tests/Tools/record_devtools_traffic.py "$url" "$out"
kill -INT "$room" 2>/dev/null || true
wait "$room" 2>/dev/null || true
rm -f "$log"
