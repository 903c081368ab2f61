#!/bin/sh
# A soak under ThreadSanitizer: a window room playing video, fed by `studio serve` over the
# live protocol, with the DevTools page used in headless Chromium again and again, hearts
# tapped, and F6 recording the window on and off, all at once for SECONDS. Every thread that
# shares state runs together: the loop, the raster bands, the video decoder and the F6
# encoder, the live client, and both servers. Reports land in out/soak/tsan.PID; the script
# prints how long it ran and how many reports there were, and exits 1 if there were any.
#
# Usage: Tests/Tools/tsan_soak.sh SECONDS [STUDIO] [PYTHON]
#   STUDIO: a ThreadSanitizer build of studio (default .build-tsan/debug/studio, from
#   `swift build --sanitize=thread --scratch-path .build-tsan --product studio`).
# Needs make clips (the video), Xvfb and xdotool.
set -u
. "$(dirname "$0")/wait_line.sh"
seconds=$1
studio=${2:-.build-tsan/debug/studio}
python=${3:-.venv/bin/python3}
out=out/soak
rm -rf "$out"
mkdir -p "$out/recordings"
export TSAN_OPTIONS="log_path=$PWD/$out/tsan halt_on_error=0 second_deadlock_stack=1"
display=:$((90 + $$ % 9))
Xvfb "$display" -screen 0 800x1400x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
sleep 1
began=$(date +%s)

"$studio" serve --feed-file Assets/danmaku/demo-recording.xml --speed 4 --loop --seconds "$((seconds + 60))" \
  >"$out/serve.log" 2>&1 &
serve=$!
port=$(wait_line "$serve" "$out/serve.log" 's|.*ws://127.0.0.1:\([0-9]*\)/sub.*|\1|p')

DISPLAY=$display "$studio" run --size=405x720 --video out/clips/demo.mp4 --live "ws://127.0.0.1:$port/sub" --room-id 1 \
  --devtools --recordings "$out/recordings" >"$out/room.log" 2>&1 &
room=$!
url=$(wait_line "$room" "$out/room.log" 's|^DevTools: \(http://.*\)$|\1|p')
if [ -z "$url" ]; then
  echo "tsan_soak: the room did not start:" >&2
  tail -n 5 "$out/room.log" >&2
  kill "$serve" "$xvfb" 2>/dev/null
  exit 1
fi
window=$(DISPLAY=$display timeout 60 xdotool search --sync --name LiveStudio | head -n 1)
DISPLAY=$display xdotool windowfocus "$window"

pages=0 recordings=0
while [ $(($(date +%s) - began)) -lt "$seconds" ] && kill -0 "$room" 2>/dev/null; do
  DISPLAY=$display xdotool key F6
  recordings=$((recordings + 1))
  "$python" Tests/Tools/devtools_page.py "$url" danmaku "$out/page.png" >>"$out/page.log" 2>&1 && pages=$((pages + 1))
  for i in 1 2 3 4 5; do DISPLAY=$display xdotool mousemove --window "$window" 350 650 click 1; sleep 0.3; done
  DISPLAY=$display xdotool key F6
  sleep 2
done
ran=$(($(date +%s) - began))
kill -INT "$room" 2>/dev/null
wait "$room"
status=$?
kill -INT "$serve" 2>/dev/null
wait "$serve"
kill "$xvfb" 2>/dev/null
reports=$(cat "$out"/tsan.* 2>/dev/null | grep -c "WARNING: ThreadSanitizer")
echo "tsan_soak: ran $ran s: $pages DevTools page runs, $recordings F6 recordings ($(ls "$out/recordings" | wc -l) files), room exited $status; $reports ThreadSanitizer reports (in $out/tsan.*)"
tail -n 3 "$out/room.log"
[ "$reports" -eq 0 ]
