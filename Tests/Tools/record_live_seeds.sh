#!/bin/sh
# Makes the live fuzz seeds in Tests/Fixtures/Live again: what `studio serve` sends one
# client (the web player's authentication and heartbeat) for a live recording with gifts,
# super chats and memberships, for a Bilibili danmaku file, and for a file played in a loop
# (the live-state changes between passes). blivedm reads every record of such traffic
# (Tests/StudioLiveTests). Usage: Tests/Tools/record_live_seeds.sh [STUDIO] [PYTHON]
set -eu
studio=${1:-.build/debug/studio}
python=${2:-.venv/bin/python3}
out=Tests/Fixtures/Live
mkdir -p "$out"
record() { # NAME SECONDS SERVE-ARGS...
  name=$1 seconds=$2
  shift 2
  fifo=$(mktemp -u)
  mkfifo "$fifo"
  "$studio" serve --seconds "$(echo "$seconds + 2" | bc)" "$@" >"$fifo" &
  server=$!
  port=$(head -n 1 "$fifo" | sed -n 's|.*ws://127.0.0.1:\([0-9]*\)/sub.*|\1|p')
  cat "$fifo" >/dev/null &
  "$python" Tests/Tools/record_live_traffic.py "$port" "$seconds" "$out/$name.live"
  kill -INT "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -f "$fifo"
}
record recording 1 --feed-file Assets/danmaku/demo-recording.xml --speed 60
record bililiverecorder 2 --feed-file Tests/Fixtures/Danmaku/bililiverecorder-recording.xml --speed 20
record looped 3 --feed-file Tests/Fixtures/Danmaku/blrec-recording.xml --speed 30 --loop
