#!/usr/bin/env bash
# The danmaku peer comparison: for LiveStudio (`studio bench --scene danmaku`) and
# LÖVE 11.4 (love-danmaku/main.lua), both under xvfb-run, find the largest N whose p90 frame
# time is <= 16.7 ms (doubling, then bisection to within STEP comments), and print the ratio.
# Usage: run-peers.sh STUDIO_BINARY   (env: FRAMES=300, STEP=10, START=50)
set -euo pipefail
STUDIO=${1:?usage: run-peers.sh path/to/studio}
HERE=$(cd "$(dirname "$0")" && pwd)
FRAMES=${FRAMES:-300}
STEP=${STEP:-10}
START=${START:-50}
XVFB=(xvfb-run -a -s "-screen 0 1280x1400x24")
command -v love >/dev/null || { echo "love (LÖVE 11.4) is not installed: apt-get install love" >&2; exit 2; }

p90_studio() {
  "${XVFB[@]}" "$STUDIO" bench --window --scene danmaku --danmaku "$1" --frames "$FRAMES" --json 2>/dev/null \
    | jq '.frameTime.p90 * 1000'
}
p90_love() {
  "${XVFB[@]}" love "$HERE/love-danmaku" "$1" "$FRAMES" 2>/dev/null | awk '/p90_ms/ { for (i = 1; i <= NF; i++) if ($i == "p90_ms") print $(i + 1) }'
}
fits() { awk -v v="$1" 'BEGIN { exit !(v != "" && v <= 16.7) }'; }

largest_n() {
  local fn=$1 lo=0 hi=$START v
  while true; do
    v=$($fn "$hi"); echo "  $2 N=$hi p90=${v} ms" >&2
    if fits "$v"; then lo=$hi; hi=$((hi * 2)); else break; fi
    [ "$hi" -gt 200000 ] && break
  done
  while [ $((hi - lo)) -gt "$STEP" ]; do
    local mid=$(((lo + hi) / 2))
    v=$($fn "$mid"); echo "  $2 N=$mid p90=${v} ms" >&2
    if fits "$v"; then lo=$mid; else hi=$mid; fi
  done
  echo "$lo"
}

echo "danmaku peer scene: 720x1280, vsync off, $FRAMES frames per run, p90 <= 16.7 ms (load: $(cut -d' ' -f1-3 /proc/loadavg))"
ours=$(largest_n p90_studio LiveStudio)
theirs=$(largest_n p90_love "LÖVE 11.4")
echo "LiveStudio: largest N = $ours"
echo "LÖVE 11.4:  largest N = $theirs"
awk -v a="$ours" -v b="$theirs" 'BEGIN { if (b > 0) printf "ratio LiveStudio / LÖVE = %.2fx (goal >= 2x)\n", a / b; else print "ratio: LÖVE reached no N" }'
