#!/bin/sh
# Regenerates the autodrome's demo clips, public/media/autodrom/<exercise>.{mp4,webm}: one short clip per
# exercise, drawn here rather than filmed. Each clip is the exercise's poster (public/images/autodrom/) with
# its car (and a pedestrian, a train, a signal where the exercise has one) moved frame by frame along
# the exercise's route, rendered by ffmpeg's SVG decoder at 480x270, 12 fps, 5 s, no sound; H.264 MP4 for
# every phone and VP9 WebM, each well under 60 KB. Needs ffmpeg built with librsvg, libx264 and libvpx
# (Debian's: apt-get install -y ffmpeg) and awk. The output is bit-exact: a re-run changes no file unless a
# drawing did. Run from anywhere: sh scripts/make-autodrom-clips.sh
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
posters="$root/public/images/autodrom"
out="$root/public/media/autodrom"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
mkdir -p "$out"

FPS=12
SECONDS_LONG=5
CAR="<rect x='-9' y='-15' width='18' height='30' rx='4' fill='#d9382e'/><rect x='-7' y='-9' width='14' height='8' rx='2' fill='#bfe1f5'/>"
WALKER="<circle cy='-6' r='6' fill='#2b59c3'/><path d='M0 0v10' stroke='#2b59c3' stroke-width='4'/>"
TRAIN="<rect x='-9' y='-60' width='18' height='120' rx='3' fill='#3d4f7a'/><path d='M-9-20h18M-9 20h18' stroke='#bfe1f5' stroke-width='2'/>"
GREY="#555"

# clip NAME REMOVE ACTORS EVENTS
#   REMOVE: an extended regex of the poster's parts the clip redraws itself (the parked car at least);
#   ACTORS: lines "svg-fragment|t x y angle; t x y angle; …", the fragment placed at the position
#           interpolated between the keyframes (held before the first and after the last);
#   EVENTS: lines "from to svg-fragment", drawn while from <= t < to (a light changes, a signal shows).
clip() {
  name=$1 remove=$2 actors=$3 events=$4
  base=$(sed -E "s#$remove##g; s#</svg>\$##; s#width='320' height='180'#width='480' height='270'#" "$posters/$name.svg")
  frames="$work/$name"
  mkdir -p "$frames"
  awk -v base="$base" -v actors="$actors" -v events="$events" -v fps="$FPS" -v secs="$SECONDS_LONG" \
    -v dir="$frames" '
    function lerp(a, b, f) { return a + (b - a) * f }
    BEGIN {
      na = split(actors, actor, "\n"); ne = split(events, event, "\n")
      n = fps * secs
      for (i = 0; i < n; i++) {
        t = i / fps
        svg = base
        for (e = 1; e <= ne; e++) {
          if (event[e] == "") continue
          split(event[e], p, " "); frag = event[e]; sub(/^[^ ]+ [^ ]+ /, "", frag)
          if (t >= p[1] + 0 && t < p[2] + 0) svg = svg frag
        }
        for (a = 1; a <= na; a++) {
          if (actor[a] == "") continue
          bar = index(actor[a], "|"); frag = substr(actor[a], 1, bar - 1)
          nk = split(substr(actor[a], bar + 1), key, ";")
          for (k = 1; k <= nk; k++) { split(key[k], v, " "); kt[k] = v[1]; kx[k] = v[2]; ky[k] = v[3]; kr[k] = v[4] }
          x = kx[1]; y = ky[1]; r = kr[1]
          for (k = 1; k < nk; k++) {
            if (t >= kt[k] && t < kt[k + 1]) {
              f = (t - kt[k]) / (kt[k + 1] - kt[k])
              x = lerp(kx[k], kx[k + 1], f); y = lerp(ky[k], ky[k + 1], f); r = lerp(kr[k], kr[k + 1], f)
            }
          }
          if (t >= kt[nk]) { x = kx[nk]; y = ky[nk]; r = kr[nk] }
          svg = svg sprintf("<g transform=\047translate(%.1f %.1f) rotate(%.1f)\047>%s</g>", x, y, r, frag)
        }
        file = sprintf("%s/%03d.svg", dir, i)
        print svg "</svg>" > file
        close(file)
      }
    }'
  # Flat colours and few moving pixels: a long GOP and a high CRF keep each file small.
  ffmpeg -loglevel error -y -framerate "$FPS" -i "$frames/%03d.svg" -pix_fmt yuv420p \
    -c:v libx264 -profile:v main -preset veryslow -crf 30 -g 60 -tune animation -movflags +faststart -fflags +bitexact -an "$out/$name.mp4"
  ffmpeg -loglevel error -y -framerate "$FPS" -i "$frames/%03d.svg" -pix_fmt yuv420p \
    -c:v libvpx-vp9 -b:v 0 -crf 42 -g 60 -deadline good -row-mt 1 -fflags +bitexact -an "$out/$name.webm"
  echo "$name: $(wc -c <"$out/$name.mp4") B mp4, $(wc -c <"$out/$name.webm") B webm"
}

PARKED="<g transform='translate\([^']*\) rotate\([^']*\)'><rect x='-9'[^>]*/><rect x='-7'[^>]*/></g>"

clip start "$PARKED" "$CAR|0 30 105 90; 1.2 30 105 90; 3 150 105 90; 3.5 182 96 55; 4 206 77 80; 5 290 75 90" ""

clip pedestrian-crossing \
  "$PARKED|<circle cx='200' cy='50'[^>]*/><path d='M200 57v10'[^>]*/>" \
  "$CAR|0 40 105 90; 1.5 128 105 90; 3.1 128 105 90; 4.6 300 105 90
$WALKER|0 200 50 0; 0.5 172 50 0; 2.9 172 140 0; 3.5 172 165 0" ""

clip controlled-intersection "$PARKED" "$CAR|0 40 105 90; 1.5 100 105 90; 3.1 100 105 90; 4.6 310 105 90" \
  "2.8 9 <circle cx='221' cy='29' r='4' fill='$GREY'/><circle cx='221' cy='47' r='4' fill='#43a047'/>"

clip u-turn-parking "$PARKED" \
  "$CAR|0 60 130 90; 1.5 165 130 90; 2 190 124 55; 2.5 200 100 0; 2.9 212 78 40; 3.3 236 70 80; 3.6 240 62 0; 4.3 240 42 0" ""

clip turns-90 "$PARKED" "$CAR|0 40 155 90; 1.6 190 155 90; 2.2 213 145 45; 2.7 220 122 0; 4.4 220 30 0" ""

clip parallel-parking "$PARKED" \
  "$CAR|0 270 95 90; 1 270 95 90; 2 228 88 120; 3 200 60 130; 3.8 180 42 95; 4.2 180 40 90" ""

# The crossing's two lights blink in turn while a train passes, then go dark; the car waits at the stop line.
blink=""
for s in 0 0.5 1 1.5 2 2.5; do
  half=$(awk -v s="$s" 'BEGIN { print s + 0.25 }')
  end=$(awk -v s="$s" 'BEGIN { print s + 0.5 }')
  blink="$blink
$half $end <circle cx='140' cy='40' r='6' fill='$GREY'/><circle cx='126' cy='40' r='6' fill='#e53935'/>"
done
clip railway-crossing "$PARKED" \
  "$CAR|0 40 105 90; 1.5 128 105 90; 3.3 128 105 90; 4.8 310 105 90
$TRAIN|0 180 -80 0; 0.4 180 -80 0; 2.8 180 260 0" \
  "$blink
3 9 <circle cx='140' cy='40' r='6' fill='$GREY'/>"

clip hill-start "$PARKED" \
  "$CAR|0 30 140 90; 1 78 140 90; 1.3 92 132 60; 1.9 122 100 45; 3.3 122 100 45; 3.9 150 72 70; 4.2 165 72 90; 5 290 72 90" ""

clip emergency-stop "$PARKED|<path d='M190 40l10 12 10-12'[^>]*/>" \
  "$CAR|0 30 105 90; 1.8 175 105 90; 2.6 228 105 90" \
  "1.6 9 <path d='M190 40l10 12 10-12' fill='none' stroke='#e53935' stroke-width='4'/>"

clip finish "$PARKED" "$CAR|0 40 75 90; 2 180 75 90; 2.8 214 84 120; 3.4 224 95 125" ""
