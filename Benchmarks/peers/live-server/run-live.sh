#!/usr/bin/env bash
# The live-server peer comparison. The same burst recording (RATE danmaku a second with a
# gift for every ten, 60 s, looping) is served to CLIENTS protocol clients for DURATION seconds, by:
# - LiveStudio, `studio serve --loop`, in its own process;
# - the Python peer, serve.py on aiohttp, in its own process, doing the same work;
# and read by the same clients, `studio bench --live-clients --live-url`, which time every
# danmaku's lag. A row: messages a second per client, lag p50/p99/max, and the server's
# resident memory once settled and at the end (read from /proc). LiveStudio's in-process
# figure (`studio bench --live-clients`, which also writes the burst) comes first.
# Usage: run-live.sh path/to/studio
# Env: CLIENTS=10 RATE=10000 DURATION=20 (seconds) PYTHON (default python3; make bench-live gives .venv's)
set -euo pipefail
STUDIO=${1:?usage: run-live.sh path/to/studio}
HERE=$(cd "$(dirname "$0")" && pwd)
CLIENTS=${CLIENTS:-10}
RATE=${RATE:-10000}
SECONDS_=${DURATION:-20}
PYTHON=${PYTHON:-python3}
WORK=$(mktemp -d)
SERVER=""
trap '[ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null; rm -rf "$WORK"' EXIT
BURST=$WORK/burst.xml
LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)

resident() { awk '/VmRSS/ {print $2}' "/proc/$1/status" 2>/dev/null || echo 0; }

# Starts a server (its command line after the port), waits for its "serving" line, reads the
# clients against it, and prints one JSON row.
measure() {
  local name=$1 port=$2; shift 2
  "$@" >"$WORK/server.out" 2>"$WORK/server.err" &
  SERVER=$!
  for _ in $(seq 1 300); do grep -q "serving" "$WORK/server.out" 2>/dev/null && break; sleep 0.2; done
  if ! grep -q "serving" "$WORK/server.out"; then
    echo "{\"peer\": \"$name\", \"missing\": \"did not start: $(tail -1 "$WORK/server.err" | tr -d '"\\')\"}"
    kill "$SERVER" 2>/dev/null || true; SERVER=""; return
  fi
  "$STUDIO" bench --live-clients "$CLIENTS" --seconds "$SECONDS_" --live-url "ws://127.0.0.1:$port/sub" --json >"$WORK/clients.json" &
  local clients=$!
  sleep 3
  local settled; settled=$(resident "$SERVER")
  wait "$clients" || true
  local end; end=$(resident "$SERVER")
  kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; SERVER=""
  "$PYTHON" - "$WORK/clients.json" "$name" "$settled" "$end" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
n = len(r["clients"])
read = sum(c["messages"] for c in r["clients"])
print(json.dumps({"peer": sys.argv[2], "rate": read / n / r["seconds"], "lag": r["lag"],
                  "settled_mb": int(sys.argv[3]) / 1024, "end_mb": int(sys.argv[4]) / 1024}))
PY
}

ROWS=$WORK/rows.jsonl
echo "  LiveStudio, server and clients in one process (writes the burst)" >&2
"$STUDIO" bench --live-clients "$CLIENTS" --live-rate "$RATE" --seconds "$SECONDS_" --keep-file "$BURST" --json >"$WORK/inproc.json"
"$PYTHON" - "$WORK/inproc.json" >>"$ROWS" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
n = len(r["clients"])
read = sum(c["messages"] for c in r["clients"])
print(json.dumps({"peer": "LiveStudio (one process)", "rate": read / n / r["seconds"], "lag": r["lag"],
                  "settled_mb": r["residentStartBytes"] / 1048576, "end_mb": r["residentEndBytes"] / 1048576}))
PY
echo "  LiveStudio: studio serve" >&2
measure "LiveStudio (studio serve)" 45411 "$STUDIO" serve --feed-file "$BURST" --loop --port 45411 >>"$ROWS"
echo "  aiohttp (Python)" >&2
if "$PYTHON" -c 'import aiohttp, brotli' 2>/dev/null; then
  measure "aiohttp (Python)" 45412 "$PYTHON" "$HERE/serve.py" "$BURST" 45412 >>"$ROWS"
else
  echo '{"peer": "aiohttp (Python)", "missing": "aiohttp or brotli is not installed: run make bench-live (it installs Benchmarks/peers/requirements.txt into .venv)"}' >>"$ROWS"
fi

"$PYTHON" - "$ROWS" "$CLIENTS" "$RATE" "$SECONDS_" "$LOAD_START" "$(cut -d' ' -f1-3 /proc/loadavg)" <<'PY'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
print()
print(f"live servers: a burst of {sys.argv[3]} danmaku a second (and a gift for every ten) to {sys.argv[2]} clients for {sys.argv[4]} s")
print(f"{'server':<27}  {'msgs/s/client':>13}  {'lag p50':>9}  {'lag p99':>9}  {'lag max':>9}  {'server MB':>17}")
for row in rows:
    if "missing" in row:
        print(f"{row['peer']:<27}  {row['missing']}")
        continue
    lag = row["lag"]
    memory = f"{row['settled_mb']:.1f} -> {row['end_mb']:.1f}"
    print(f"{row['peer']:<27}  {row['rate']:>13.0f}  {lag['p50'] * 1000:>7.1f}ms  {lag['p99'] * 1000:>7.1f}ms  "
          f"{lag['max'] * 1000:>7.1f}ms  {memory:>17}")
print(f"(the one-process row's memory is the server's and the clients'; the others, the server's alone)")
print(f"load average: {sys.argv[5]} at the start, {sys.argv[6]} at the end")
PY
