#!/bin/sh
# Regenerates the bank's video questions, public/videos/questions/<name>.mp4: short clips drawn here
# rather than filmed. Each clip is its question's poster (public/images/questions/<theme>/<name>.svg)
# with the poster's actors (cars, pedestrians, a tram, a train, a barrier) moved frame by frame and its
# lights switched, rendered by ffmpeg's SVG decoder at 480x300, 12 fps, no sound, as H.264 MP4: the
# `video` field holds one file, and H.264 plays on every phone (older iPhones play no VP9 WebM).
# Needs ffmpeg built with librsvg and libx264 (Debian's: apt-get install -y ffmpeg) and awk. The output
# is bit-exact: a re-run changes no file unless a drawing did. Run from anywhere:
#   sh scripts/make-question-clips.sh            every clip
#   sh scripts/make-question-clips.sh NAME…      only these (output names without .mp4)
#
# How a poster is drawn for this script: one element per line; an actor is one line
#   <g id="ID" transform="translate(X Y)"><g transform="rotate(R)">…body…</g>…label…</g>
# (the label stays upright while the body turns); lines with class="still" (the arrows that show on the
# picture where things will go) are left out of the clip; elements with class="blink" (indicators,
# beacons, flashing lights) are lit in the first half of every second, class="blink2" in the second.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
posters="$root/public/images/questions"
out="$root/public/videos/questions"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
mkdir -p "$out"
only=" $* "

FPS=12

# clip NAME POSTER SECONDS ACTORS [EVENTS]
#   NAME: the output file name (without .mp4); POSTER: <theme>/<name> under public/images/questions;
#   ACTORS: lines "ID|t x y angle; t x y angle; …": the poster's actor ID placed at the position
#           interpolated between the keyframes (held before the first and after the last);
#   EVENTS: lines "from to svg-fragment", drawn over the scene (under the actors) while from <= t < to:
#           a light changes, a lamp goes dark.
clip() {
  name=$1 poster=$2 secs=$3 actors=$4 events=${5:-}
  case "$only" in "  ") ;; *" $name "*) ;; *) return 0 ;; esac
  frames="$work/$name"
  mkdir -p "$frames"
  awk -v actors="$actors" -v events="$events" -v fps="$FPS" -v secs="$secs" -v dir="$frames" '
    function lerp(a, b, f) { return a + (b - a) * f }
    { line[NR] = $0 }
    END {
      na = split(actors, actor, "\n"); ne = split(events, event, "\n")
      for (a = 1; a <= na; a++) {
        if (actor[a] == "") continue
        bar = index(actor[a], "|"); id = substr(actor[a], 1, bar - 1); keys[a] = substr(actor[a], bar + 1)
        frag[a] = ""
        for (l = 1; l <= NR; l++) if (index(line[l], "<g id=\"" id "\"") == 1) { frag[a] = line[l]; moving[l] = 1 }
        if (frag[a] == "") { print "no actor " id " in the poster" > "/dev/stderr"; exit 1 }
      }
      base = ""; last = ""
      for (l = 1; l <= NR; l++) {
        if (moving[l] || line[l] ~ /class="still"/) continue
        if (line[l] ~ /^<\/svg>/) { last = line[l]; continue }
        base = base line[l] "\n"
      }
      n = int(fps * secs + 0.5)
      for (i = 0; i < n; i++) {
        t = i / fps
        svg = base
        for (e = 1; e <= ne; e++) {
          if (event[e] == "") continue
          split(event[e], p, " "); f = event[e]; sub(/^[^ ]+ [^ ]+ /, "", f)
          if (t >= p[1] + 0 && t < p[2] + 0) svg = svg f "\n"
        }
        for (a = 1; a <= na; a++) {
          if (actor[a] == "") continue
          nk = split(keys[a], key, ";")
          for (k = 1; k <= nk; k++) { split(key[k], v, " "); kt[k] = v[1] + 0; kx[k] = v[2]; ky[k] = v[3]; kr[k] = v[4] }
          x = kx[1]; y = ky[1]; r = kr[1]
          for (k = 1; k < nk; k++) {
            if (t >= kt[k] && t < kt[k + 1]) {
              f = (t - kt[k]) / (kt[k + 1] - kt[k])
              x = lerp(kx[k], kx[k + 1], f); y = lerp(ky[k], ky[k + 1], f); r = lerp(kr[k], kr[k + 1], f)
            }
          }
          if (t >= kt[nk]) { x = kx[nk]; y = ky[nk]; r = kr[nk] }
          g = frag[a]
          sub(/translate\([^)]*\)/, sprintf("translate(%.1f %.1f)", x, y), g)
          sub(/rotate\([^)]*\)/, sprintf("rotate(%.1f)", r), g)
          svg = svg g "\n"
        }
        # Blinking: one class is dark in the second half of each second, the other in the first half.
        dark = (int(t * 2) % 2 == 1) ? "blink" : "blink2"
        gsub("class=\"" dark "\"", "display=\"none\"", svg)
        file = sprintf("%s/%03d.svg", dir, i)
        printf "%s%s\n", svg, last > file
        close(file)
      }
    }' "$posters/$poster.svg"
  # Flat colours and few moving pixels: a long GOP and a high CRF keep each file small. One thread
  # and no metadata keep the bytes the same from run to run.
  ffmpeg -loglevel error -y -framerate "$FPS" -i "$frames/%03d.svg" -pix_fmt yuv420p -threads 1 \
    -c:v libx264 -profile:v main -preset veryslow -crf 30 -g 120 -tune animation -map_metadata -1 \
    -movflags +faststart -fflags +bitexact -flags:v +bitexact -an "$out/$name.mp4"
  rm -rf "$frames"
  echo "$name: $(wc -c <"$out/$name.mp4") B"
}

# ---- the clips (keyframes in the poster's coordinates, 480x300; angle 0 = facing up) ----

# The bank's first three video questions (intersections-001, pedestrians-railway-001 and -008).
clip intersections-equal-right intersections/equal-right-straight 5 '
B|0 520 130 270; 3.2 -40 130 270
A|0 260 330 0; 1.3 260 228 0; 2.4 260 228 0; 4 260 -40 0'

clip pedestrians-zebra pedestrians-railway/zebra-pedestrian 5 '
P|0 330 118 0; 0.6 318 118 0; 4 160 118 0
A|0 260 330 0; 1.6 260 170 0; 2.8 260 170 0; 4.5 260 -40 0'

# The lights start flashing, the barriers come down, car A stops short of them and a train passes.
clip railway-barrier-closing pedestrians-railway/barrier-closing 7 '
T|0 -400 150 90; 3.6 -400 150 90; 6.6 900 150 90
bar|0 298 212 90; 1.5 298 212 90; 3.3 298 212 0
bar2|0 182 88 -90; 1.5 182 88 -90; 3.3 182 88 0
A|0 260 340 0; 2.2 260 262 0' '
0 0.8 <rect x="301" y="196" width="34" height="14" fill="#222" rx="6"/><circle cx="310" cy="203" r="4.5" fill="#555"/><circle cx="326" cy="203" r="4.5" fill="#555"/><rect x="145" y="66" width="34" height="14" fill="#222" rx="6"/><circle cx="154" cy="73" r="4.5" fill="#555"/><circle cx="170" cy="73" r="4.5" fill="#555"/>'

clip t-junction-right intersections/t-junction-right 6 '
A|0 -20 170 90; 1.5 165 170 90; 3.6 165 170 90; 5.5 520 170 90
B|0 260 330 0; 1.2 260 215 0; 1.8 258 175 -20; 2.4 235 140 -70; 2.8 200 130 -90; 4 40 130 -90; 5 -40 130 -90'

clip left-turn-cyclist intersections/left-turn-cyclist 6 '
cyclist|0 165 40 180; 1 165 92 180; 3.4 165 215 180; 5 165 320 180
A|0 260 330 0; 1.4 260 200 0; 2 252 160 -30; 2.4 216 132 -85; 3.9 216 132 -85; 5 120 130 -90; 6 -40 130 -90'

clip equal-three-cars intersections/equal-three-cars 7 '
A|0 260 330 0; 1.3 260 222 0; 4 260 222 0; 5.3 260 -40 0
B|0 520 130 270; 1.3 318 130 270; 1.7 318 130 270; 3.4 -40 130 270
C|0 -40 170 90; 1.3 160 170 90; 5 160 170 90; 6.6 520 170 90'

clip u-turn-green intersections/u-turn-green 6 '
B|0 220 -40 180; 1.5 220 95 180; 2.2 210 122 225; 2.6 180 130 270; 4 -40 130 270
A|0 260 330 0; 1.3 260 205 0; 1.8 260 165 0; 2.8 260 165 0; 3.3 252 130 -60; 3.8 232 120 -150; 4.2 220 150 -180; 5.5 220 330 -180'

clip fire-engine-left priority/fire-engine-left 6 '
B|0 -60 170 90; 3 540 170 90
A|0 260 330 0; 1.2 260 222 0; 3 260 222 0; 4.6 260 -40 0'

clip orange-beacon-left priority/orange-beacon-left 6 '
A|0 260 330 0; 1.5 260 222 0; 1.9 260 205 0; 3.6 260 -40 0
B|0 -60 170 90; 1.8 150 170 90; 3.2 150 170 90; 5.6 560 170 90'

clip turn-into-yard priority/turn-into-yard 6 '
P|0 332 20 0; 4 332 230 0; 6 332 300 0
A|0 280 330 0; 1.3 280 170 0; 1.6 282 150 15; 3 282 150 15; 3.5 300 133 60; 4 350 130 90; 5 440 130 90'

clip tram-crossing-road priority/tram-crossing-road 7 '
T|0 -80 150 90; 4.5 560 150 90
A|0 260 330 0; 1.4 260 208 0; 4 260 208 0; 5.6 260 -40 0'

clip lane-change-into-yours priority/lane-change-into-yours 5 '
A|0 300 330 0; 2.8 300 -40 0
B|0 262 250 0; 1.6 262 157 0; 2.4 290 110 25; 2.8 300 85 0; 4.5 300 -40 0'

clip zebra-from-left pedestrians-railway/zebra-from-left 6 '
P|0 162 122 0; 0.6 170 122 0; 3.9 318 122 0; 5 332 122 0
A|0 260 330 0; 1.6 260 172 0; 3.7 260 172 0; 5.2 260 -40 0'

clip crossing-attendant pedestrians-railway/crossing-attendant 7.5 '
T|0 -400 150 90; 2 -400 150 90; 5.2 760 150 90
keeper|0 312 258 0; 5.4 312 258 0; 5.41 -99 -99 0
keeper2|0 -99 -99 0; 5.4 -99 -99 0; 5.41 312 258 0
A|0 260 340 0; 1.6 260 262 0; 6 260 262 0; 7.5 260 110 0'

clip train-passed-barrier-down pedestrians-railway/train-passed-barrier-down 7 '
T1|0 100 172 90; 2.6 800 172 90
T2|0 -99 -400 270; 3.4 800 128 270; 6.6 -320 128 270
A|0 260 340 0; 0.8 260 270 0'

clip oncoming-overtaker overtaking/oncoming-overtaker 5 '
C|0 215 -20 180; 5 215 400 180
B|0 262 -80 180; 1.6 262 120 180; 2.2 245 200 200; 2.6 218 245 180; 4 215 400 180
A|0 265 330 0; 2 274 212 0; 3 278 205 0; 3.6 278 205 0; 5 272 110 0'

clip behind-started-overtaking overtaking/behind-started-overtaking 5 '
T|0 265 120 0; 5 265 -30 0
A|0 265 212 0; 5 265 62 0
B|0 262 340 0; 0.6 228 300 -15; 1 216 268 0; 3.2 216 30 0; 3.6 240 -10 15; 4.2 265 -60 0'

clip no-gap-to-return overtaking/no-gap-to-return 5 '
T2|0 265 60 0; 5 265 -40 0
T1|0 265 136 0; 5 265 36 0
A|0 265 228 0; 5 265 128 0'

clip dark-light-main-road signals/dark-light-main-road 5 '
B|0 520 130 270; 1.4 315 130 270; 3.2 315 130 270; 5 -40 130 270
A|0 260 330 0; 3 260 -40 0'

clip yellow-far signals/yellow-far 6 '
A|0 260 340 0; 1 260 290 0; 2.6 260 222 0
B|0 -40 170 90; 4 -40 170 90; 6 520 170 90' '
0 1 <circle cx="300" cy="200" r="5" fill="#555"/><circle cx="300" cy="214" r="5" fill="#555"/><circle cx="300" cy="228" r="5" fill="#2ecc40"/>
3 9 <circle cx="300" cy="200" r="5" fill="#ff2d2d"/><circle cx="300" cy="214" r="5" fill="#555"/><circle cx="300" cy="228" r="5" fill="#555"/>'

clip flashing-yellow-zebra signals/flashing-yellow-zebra 6 '
P|0 330 122 0; 0.8 318 122 0; 4 160 122 0; 5 150 122 0
A|0 260 330 0; 1.6 260 172 0; 3.3 260 172 0; 4.9 260 -40 0'

clip ball driver-duties/ball 6 '
ball|0 322 130 0; 0.9 322 130 0; 2.4 230 135 0; 3.5 180 138 0
child|0 520 125 0; 2.2 360 125 0; 3.2 302 125 0; 6 302 125 0
A|0 262 330 0; 1 262 252 0; 2.4 262 188 0'

clip pedestrian-behind-van driver-duties/pedestrian-behind-van 5 '
P|0 330 150 0; 1 318 150 0; 3.6 200 150 0; 5 150 150 0
A|0 262 330 0; 1.2 262 250 0; 2.1 262 198 0; 3.8 262 198 0; 5 262 40 0'

clip pedestrian-column driver-duties/pedestrian-column 6 '
col1|0 250 -60 0; 6 250 160 0
col2|0 250 90 0; 6 250 310 0
A|0 -20 170 90; 1.6 180 170 90; 6 180 170 90'

clip police-stop driver-duties/police-stop 5 '
A|0 262 340 0; 1.6 262 220 0; 2.6 282 165 15; 3.4 296 130 0'

clip obstacle-oncoming-side overtaking/obstacle-oncoming-side 6 '
B|0 215 -60 180; 1.5 215 30 180; 3.4 215 30 180; 3.9 240 80 160; 4.4 262 130 180; 4.9 240 190 200; 5.4 215 240 180; 6 215 330 180
A|0 265 330 0; 3.2 265 -40 0'
