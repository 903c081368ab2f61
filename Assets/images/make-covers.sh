#!/usr/bin/env bash
# Regenerates the host cover images cover-1.png ... cover-5.png (720x1280, 8-bit RGB PNG)
# with ImageMagick 6 (`convert`; with ImageMagick 7 run CONVERT=magick ./make-covers.sh).
# Each cover is a soft vertical gradient, blurred glows and shapes that set its scene, and
# the dark silhouette of a host. Deterministic: no noise or random seeds, so running it
# again gives the same pixels with the same ImageMagick version.
#
# Usage: Assets/images/make-covers.sh [output-directory]   (default: this script's folder)
set -euo pipefail

CONVERT=${CONVERT:-convert}
OUT=${1:-$(dirname "$0")}
SIZE=720x1280

args=()

# start <top color> <bottom color>: a new image, a vertical gradient.
# -respect-parentheses keeps one layer's settings (fill, stroke) from leaking into the next.
start() { args=(-respect-parentheses -size "$SIZE" "gradient:$1-$2"); }

# layer <blur> <drawing options...>: draws on a transparent layer, blurs it by <blur>
# (0 = sharp) and composites it over the image being built.
layer() {
    local blur=$1
    shift
    args+=( "(" -size "$SIZE" xc:none "$@" )
    if [ "$blur" != 0 ]; then args+=(-blur "0x$blur"); fi
    args+=( ")" -composite )
}

# host <centre x> <color>: the host's head and shoulders, dark and a little see-through.
host() {
    local cx=$1 color=$2
    layer 2 -fill "$color" \
        -draw "roundrectangle $((cx - 200)),840 $((cx + 200)),1400 150,130" \
        -draw "roundrectangle $((cx - 42)),740 $((cx + 42)),870 20,20" \
        -draw "ellipse $cx,690 68,82 0,360"
}

# write <name>: 8-bit RGB, no metadata, best zlib compression (each file well under 200 KB).
write() {
    "$CONVERT" "${args[@]}" -alpha off -depth 8 -strip \
        -define png:compression-level=9 -define png:color-type=2 "$OUT/$1.png"
    echo "$OUT/$1.png: $(wc -c < "$OUT/$1.png") bytes"
}

# 1. Sunset acoustic: violet to coral, a low sun, rolling hills.
start '#3A1C71' '#FF8C7A'
layer 40 -fill 'rgba(255,214,120,0.9)' -draw 'circle 360,620 360,470'
layer 8 -fill 'rgba(255,240,200,0.95)' -draw 'circle 360,620 360,520'
layer 6 -fill 'rgba(90,30,90,0.75)' -draw 'ellipse 160,1180 420,260 0,360' -draw 'ellipse 620,1230 420,280 0,360'
layer 25 -fill 'rgba(255,190,220,0.35)' -draw 'circle 120,260 120,150' -draw 'circle 610,330 610,250'
host 360 'rgba(40,10,50,0.82)'
write cover-1

# 2. Blue reef: deep blue to teal, light rays from the surface, bubbles, coral.
start '#0B3C5D' '#21D4C6'
layer 16 -fill 'rgba(200,255,250,0.25)' -draw 'polygon 200,0 320,0 520,1280 260,1280' -draw 'polygon 470,0 540,0 720,900 640,900'
layer 3 -fill none -stroke 'rgba(230,255,255,0.8)' -strokewidth 6 -draw 'circle 120,420 120,380' \
    -draw 'circle 170,300 170,276' -draw 'circle 600,520 600,470' -draw 'circle 560,380 560,356' -draw 'circle 640,250 640,236'
layer 10 -fill 'rgba(255,140,80,0.7)' -draw 'ellipse 110,1150 120,60 0,360' -draw 'ellipse 640,1100 90,150 0,360'
host 360 'rgba(5,30,50,0.8)'
write cover-2

# 3. Late-night kitchen: warm brown to amber, a lamp, shelves with jars, a steaming pot.
start '#4A1D0A' '#F4A259'
layer 50 -fill 'rgba(255,230,150,0.85)' -draw 'circle 560,220 560,80'
layer 0 -fill 'rgba(60,25,10,0.7)' -draw 'rectangle 40,380 300,396' -draw 'rectangle 40,540 300,556' \
    -fill 'rgba(255,200,120,0.8)' -draw 'roundrectangle 60,320 110,380 8,8' -draw 'roundrectangle 130,300 170,380 8,8' \
    -draw 'roundrectangle 200,335 270,380 8,8' -draw 'roundrectangle 80,480 150,540 8,8'
layer 20 -fill 'rgba(255,255,255,0.35)' -draw 'ellipse 560,900 40,120 0,360' -draw 'ellipse 620,860 30,100 0,360'
host 330 'rgba(35,12,5,0.82)'
layer 0 -fill 'rgb(40,40,45)' -draw 'roundrectangle 480,1000 700,1120 30,30' -draw 'rectangle 460,990 720,1010'
write cover-3

# 4. Forest morning: dark green to mint, a pale sun, pines, mist.
start '#0F2E22' '#B7F0C8'
layer 35 -fill 'rgba(255,255,210,0.55)' -draw 'circle 580,160 580,40'
layer 2 -fill 'rgba(20,70,45,0.85)' -draw 'polygon 90,300 10,760 170,760' -draw 'polygon 630,360 540,820 720,820' \
    -draw 'polygon 200,420 130,800 270,800' -draw 'polygon 520,460 450,860 600,860'
layer 40 -fill 'rgba(255,255,255,0.45)' -draw 'rectangle 0,760 720,900'
host 360 'rgba(10,35,25,0.8)'
write cover-4

# 5. Neon city: midnight to violet, stars, a skyline with lit windows, magenta and cyan neon.
start '#07001A' '#6A1B9A'
layer 0 -fill 'rgba(255,255,255,0.8)' -draw 'circle 80,120 82,120' -draw 'circle 300,80 302,80' \
    -draw 'circle 520,150 522,150' -draw 'circle 650,60 652,60' -draw 'circle 420,230 422,230'
layer 0 -fill 'rgba(20,5,45,0.95)' -draw 'rectangle 0,520 120,1280' -draw 'rectangle 110,420 230,1280' \
    -draw 'rectangle 480,380 600,1280' -draw 'rectangle 590,560 720,1280'
layer 3 -fill 'rgba(76,201,240,0.8)' -draw 'rectangle 140,470 160,490' -draw 'rectangle 190,520 210,540' \
    -draw 'rectangle 510,430 530,450' -draw 'rectangle 560,500 580,520'
layer 12 -fill none -stroke 'rgba(255,60,200,0.95)' -strokewidth 10 -draw 'line 0,980 720,860' \
    -stroke 'rgba(70,220,255,0.95)' -draw 'line 0,1060 720,1180'
host 360 'rgba(10,0,25,0.85)'
write cover-5
