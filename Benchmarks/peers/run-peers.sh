#!/usr/bin/env bash
# The danmaku peer comparison. The same scene runs in LiveStudio (`studio bench --scene
# danmaku`), in LÖVE 11.4 (love-danmaku/main.lua, drawing each comment's canvas, and batching
# them in a SpriteBatch), in a C program on SDL2's own renderer (sdl-danmaku/danmaku.c) with
# its software and its OpenGL driver, and in Godot 3 with Sprite nodes (godot-danmaku), all
# under xvfb-run. Every one of them draws one 300x40 picture per comment, made once with the
# comment's own text, and moves every comment 1/60 s a frame. For each it finds the largest N
# whose p90 frame time is <= 16.7 ms (doubling, then bisection to within STEP comments) and
# prints one table with LiveStudio's ratio to each peer.
#
# The table ends with the blend limit (blend-limit/blend.c): the largest N the CPU could
# blend in 16.7 ms if blending the pictures were all a frame did, on all cores, measured on
# this machine; and LiveStudio's share of it. A shared machine's speed drifts over minutes,
# so with LiveStudio in the run the limit is measured just before and just after
# LiveStudio's search, and the share is given against each and their mean.
# Usage: run-peers.sh [STUDIO_BINARY]   (the binary is needed only when PEERS has studio)
# Env: FRAMES=300 (measured frames per run), STEP=10, START=50,
#      PEERS=studio,love-draw,love-spritebatch,sdl-software,sdl-opengl,godot,blend-limit
#      (which systems to run, comma-separated)
set -euo pipefail
STUDIO=${1:-}
HERE=$(cd "$(dirname "$0")" && pwd)
FRAMES=${FRAMES:-300}
STEP=${STEP:-10}
START=${START:-50}
PEERS=${PEERS:-studio,love-draw,love-spritebatch,sdl-software,sdl-opengl,godot,blend-limit}
XVFB=(xvfb-run -a -s "-screen 0 1280x1400x24")

want() { [[ ",$PEERS," == *",$1,"* ]]; }
IFS=, read -ra SELECTED <<<"$PEERS"
for p in "${SELECTED[@]}"; do
  case $p in
    studio | love-draw | love-spritebatch | sdl-software | sdl-opengl | godot | blend-limit) ;;
    *) echo "run-peers: unknown peer \"$p\" in PEERS (known: studio,love-draw,love-spritebatch,sdl-software,sdl-opengl,godot,blend-limit)" >&2; exit 64 ;;
  esac
done
if want studio && [ -z "$STUDIO" ]; then
  echo "usage: run-peers.sh path/to/studio   (or leave studio out of PEERS)" >&2
  exit 64
fi

# The C programs are built into a temporary folder, so a run leaves nothing in the repository.
BUILD_DIR=$(mktemp -d)
trap 'rm -rf "$BUILD_DIR"' EXIT
DANMAKU=""
SDL_BUILD_ERROR=""
if want sdl-software || want sdl-opengl; then
  if make -s -C "$HERE/sdl-danmaku" BUILD="$BUILD_DIR" >&2; then
    DANMAKU=$BUILD_DIR/danmaku
  else
    SDL_BUILD_ERROR="build failed (needs cc, pkg-config, SDL2 and SDL2_ttf)"
  fi
fi
# Godot 3 is Debian's godot3; some systems call it godot.
GODOT=$(command -v godot3 || command -v godot || true)

# Each p90_* prints the run's p90 in ms, or nothing when the run failed; a failed run must
# not end the script, so the other peers still get measured.
# Like the peers, LiveStudio runs with no per-widget probe (--top 0) and moves every comment
# 1/60 s a frame; a run in which a measured frame did not advance prints no time.
p90_studio() {
  "${XVFB[@]}" "$STUDIO" bench --window --scene danmaku --danmaku "$1" --frames "$FRAMES" --top 0 --json 2>/dev/null \
    | jq 'if .advancedFrames == .frames then .frameTime.p90 * 1000 else empty end' || true
}
p90_field() { awk '/p90_ms/ { for (i = 1; i <= NF; i++) if ($i == "p90_ms") print $(i + 1) }'; }
p90_love_draw() {
  "${XVFB[@]}" love "$HERE/love-danmaku" draw "$1" "$FRAMES" 2>/dev/null | p90_field || true
}
p90_love_spritebatch() {
  "${XVFB[@]}" love "$HERE/love-danmaku" spritebatch "$1" "$FRAMES" 2>/dev/null | p90_field || true
}
p90_godot() {
  "${XVFB[@]}" "$GODOT" --path "$HERE/godot-danmaku" --resolution 720x1280 -- "$1" "$FRAMES" 2>/dev/null | p90_field || true
}
p90_sdl_software() {
  "${XVFB[@]}" "$DANMAKU" software "$1" "$FRAMES" 2>/dev/null | p90_field || true
}
p90_sdl_opengl() {
  "${XVFB[@]}" "$DANMAKU" opengl "$1" "$FRAMES" 2>/dev/null | p90_field || true
}
fits() { awk -v v="$1" 'BEGIN { exit !(v != "" && v <= 16.7) }'; }

# Prints the largest N that fits, or "failed at N=..." when a run printed no time at all:
# a crash must not read as "too slow".
largest_n() {
  local fn=$1 lo=0 hi=$START v
  while true; do
    v=$($fn "$hi"); echo "  $2 N=$hi p90=${v:-none} ms" >&2
    [ -n "$v" ] || { echo "failed at N=$hi"; return; }
    if fits "$v"; then lo=$hi; hi=$((hi * 2)); else break; fi
    [ "$hi" -gt 200000 ] && break
  done
  while [ $((hi - lo)) -gt "$STEP" ]; do
    local mid=$(((lo + hi) / 2))
    v=$($fn "$mid"); echo "  $2 N=$mid p90=${v:-none} ms" >&2
    [ -n "$v" ] || { echo "failed at N=$mid"; return; }
    if fits "$v"; then lo=$mid; else hi=$mid; fi
  done
  echo "$lo"
}

LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)
echo "danmaku peer scene: 720x1280, vsync off, $FRAMES frames per run, p90 <= 16.7 ms (load: $LOAD_START)"

# Rows of the table, in order: a label and a result (a number, or a note why there is none).
LABELS=()
RESULTS=()
add_row() { LABELS+=("$1"); RESULTS+=("$2"); }

# The blend limit runs without a display: it only blends. Each measurement appends to
# LIMITS and RATES; a failed one sets LIMIT_NOTE.
LIMITS=()
RATES=()
LIMIT_NOTE=""
BLEND_LIMIT=""
if want blend-limit; then
  if make -s -C "$HERE/blend-limit" BUILD="$BUILD_DIR" >&2; then
    BLEND_LIMIT=$BUILD_DIR/blend-limit
  else
    LIMIT_NOTE="build failed (needs cc)"
  fi
fi
measure_limit() {
  [ -n "$BLEND_LIMIT" ] || return 0
  local line limit rate
  line=$("$BLEND_LIMIT" || true)
  echo "  blend limit ($1): ${line:-failed}" >&2
  limit=$(awk '{ for (i = 1; i <= NF; i++) if ($i == "limit_n") print $(i + 1) }' <<<"$line")
  rate=$(awk '{ for (i = 1; i <= NF; i++) if ($i == "blend_mpx_s") print $(i + 1) }' <<<"$line")
  if [ -n "$limit" ]; then
    LIMITS+=("$limit")
    RATES+=("$rate")
  else
    LIMIT_NOTE="failed: ${line:-no output}"
  fi
}

if want studio; then
  measure_limit "before LiveStudio"
  add_row "LiveStudio" "$(largest_n p90_studio LiveStudio)"
  measure_limit "after LiveStudio"
else
  measure_limit "alone"
fi
for mode in draw spritebatch; do
  want "love-$mode" || continue
  label="LÖVE 11.4 ($mode)"
  if command -v love >/dev/null; then
    add_row "$label" "$(largest_n "p90_love_$mode" "$label")"
  else
    echo "  $label: skipped, love is not installed" >&2
    add_row "$label" "not installed: apt-get install love"
  fi
done
if want sdl-software; then
  if [ -n "$DANMAKU" ]; then
    add_row "SDL2 software" "$(largest_n p90_sdl_software "SDL2 software")"
  else
    add_row "SDL2 software" "$SDL_BUILD_ERROR"
  fi
fi
if want sdl-opengl; then
  if [ -n "$DANMAKU" ]; then
    # The GL driver's own name goes in the label, so a run on a real GPU does not read as
    # llvmpipe; one tiny run finds it (danmaku prints GL_RENDERER on stderr).
    gl=$("${XVFB[@]}" "$DANMAKU" opengl 0 1 2>&1 >/dev/null | sed -n 's/^danmaku: GL_RENDERER //p' || true)
    echo "  SDL2 OpenGL: GL_RENDERER ${gl:-unknown}" >&2
    label="SDL2 OpenGL (${gl%% *})"
    [ -n "$gl" ] || label="SDL2 OpenGL"
    add_row "$label" "$(largest_n p90_sdl_opengl "$label")"
  else
    add_row "SDL2 OpenGL" "$SDL_BUILD_ERROR"
  fi
fi

if want godot; then
  if [ -n "$GODOT" ]; then
    add_row "Godot 3 (Sprite nodes)" "$(largest_n p90_godot "Godot 3")"
  else
    echo "  Godot 3: skipped, godot3 is not installed" >&2
    add_row "Godot 3 (Sprite nodes)" "not installed: apt-get install godot3"
  fi
fi

# LiveStudio's own N, when it ran and reached one, is what every ratio divides.
OURS=""
for i in "${!LABELS[@]}"; do
  [ "${LABELS[$i]}" = "LiveStudio" ] && OURS=${RESULTS[$i]}
done
is_number() { [[ $1 =~ ^[0-9]+$ ]]; }

echo
printf '%-26s  %-36s  %s\n' "system" "largest N at p90 <= 16.7 ms" "LiveStudio / system"
for i in "${!LABELS[@]}"; do
  label=${LABELS[$i]} result=${RESULTS[$i]}
  if [ "$label" = "LiveStudio" ]; then
    ratio="-"
  elif ! is_number "$result"; then
    ratio="n/a"
  elif [ -z "$OURS" ]; then
    ratio="n/a (LiveStudio not run)"
  elif ! is_number "$OURS"; then
    ratio="n/a (LiveStudio $OURS)"
  elif [ "$result" -eq 0 ]; then
    ratio="n/a (system reached no N)"
  else
    ratio=$(awk -v a="$OURS" -v b="$result" 'BEGIN { printf "%.2fx", a / b }')
  fi
  # printf pads by bytes, so a label with a non-ASCII letter (LÖVE) is padded by hand,
  # counting the bytes that start a UTF-8 character (whatever the locale says).
  pad=$((26 - $(printf '%s' "$label" | LC_ALL=C tr -d '\200-\277' | wc -c)))
  printf '%s%*s  %-36s  %s\n' "$label" "$((pad > 0 ? pad : 0))" "" "$result" "$ratio"
done
echo
echo "frames per run: $FRAMES measured (warm-up frames before them not counted), N found to within $STEP comments"
echo "load average (1, 5, 15 min): start $LOAD_START, end $(cut -d' ' -f1-3 /proc/loadavg)"
if want studio; then echo "goal: LiveStudio >= 2x the best fair peer, and >= 85% of the blend limit"; fi

# A peer that could not be built or whose run printed no time makes the whole run fail, so a
# broken benchmark is not mistaken for a slow one; a peer that is not installed does not.
for result in "${RESULTS[@]}"; do
  case $result in
    failed* | "build failed"*) exit 1 ;;
  esac
done

if want blend-limit; then
  echo
  if [ -n "$LIMIT_NOTE" ] || [ "${#LIMITS[@]}" -eq 0 ]; then
    echo "blend limit: ${LIMIT_NOTE:-not measured}"
  else
    for i in "${!LIMITS[@]}"; do
      when=""
      if [ "${#LIMITS[@]}" -eq 2 ]; then when=$([ "$i" -eq 0 ] && echo " before LiveStudio" || echo " after LiveStudio"); fi
      printf 'blend limit%s: %s comments (%s Mpx/s blended on %s cores, nothing else in the frame)\n' \
        "$when" "${LIMITS[$i]}" "${RATES[$i]}" "$(nproc)"
    done
    MEAN=$(printf '%s\n' "${LIMITS[@]}" | awk '{ s += $1 } END { printf "%.0f", s / NR }')
    if is_number "${OURS:-}" && [ "$MEAN" -gt 0 ]; then
      if [ "${#LIMITS[@]}" -eq 2 ]; then
        awk -v a="$OURS" -v b="${LIMITS[0]}" -v c="${LIMITS[1]}" -v m="$MEAN" 'BEGIN {
          printf "LiveStudio reaches %.0f%% of their mean (%d): %.0f%% of the one before, %.0f%% of the one after\n",
            100 * a / m, m, 100 * a / b, 100 * a / c }'
      else
        awk -v a="$OURS" -v b="$MEAN" 'BEGIN { printf "LiveStudio reaches %.0f%% of it\n", 100 * a / b }'
      fi
    fi
  fi
fi
