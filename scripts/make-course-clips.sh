#!/bin/sh
# Renders the demo course's clips (issue 11): for every lesson of content/course/course.yaml a
# 4-second 480x270 title card (the lesson's number and its title in ru and en) with a simple animated
# scene (a car driving along a road), as MP4 (H.264), WebM (VP9) and a JPEG poster, into
# public/media/course/. The outputs are committed, so running the app needs no ffmpeg; run this again
# after changing the lessons. Needs ffmpeg (Debian: apt-get install -y ffmpeg) and DejaVu fonts.
# Usage: sh scripts/make-course-clips.sh   (-nostdin: ffmpeg would otherwise eat the lesson list it is read from)
set -eu
cd "$(dirname "$0")/.."
OUT=public/media/course
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
BOLD=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
command -v ffmpeg >/dev/null || { echo "ffmpeg is needed (apt-get install -y ffmpeg)" >&2; exit 1; }
mkdir -p "$OUT"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# One line per lesson: code, number, ru title, en title (separated by |), read with the app's YAML parser.
sh scripts/with-node.sh node -e '
  const { parse } = require("yaml");
  const course = parse(require("fs").readFileSync("content/course/course.yaml", "utf8"));
  let n = 0;
  for (const m of course.modules) for (const l of m.lessons) console.log([l.code, ++n, l.name.ru, l.name.en].join("|"));
' > "$TMP/lessons.tsv"

while IFS="|" read -r code n ru en; do
  # Titles go through files, so no quoting or escaping of the text is needed.
  printf '%s' "$(printf '%02d' "$n")" > "$TMP/num.txt"
  printf '%s' "$ru" > "$TMP/ru.txt"
  printf '%s' "$en" > "$TMP/en.txt"
  # Blue card with the titles, a grey road with dashes at the bottom, a red car driving across it
  # (drawbox cannot move, so the car is a second colour source laid over with a time-driven x).
  SCENE="color=c=0x1f4e8c:s=480x270:r=15:d=4,format=yuv420p,
drawbox=x=0:y=200:w=480:h=70:color=0x4a4a4a:t=fill,
drawbox=x=0:y=232:w=40:h=4:color=white:t=fill,drawbox=x=80:y=232:w=40:h=4:color=white:t=fill,
drawbox=x=160:y=232:w=40:h=4:color=white:t=fill,drawbox=x=240:y=232:w=40:h=4:color=white:t=fill,
drawbox=x=320:y=232:w=40:h=4:color=white:t=fill,drawbox=x=400:y=232:w=40:h=4:color=white:t=fill,
drawtext=fontfile=$BOLD:textfile=$TMP/num.txt:fontsize=64:fontcolor=white:x=24:y=20,
drawtext=fontfile=$BOLD:text='Zhol':fontsize=18:fontcolor=0xffd54a:x=w-tw-20:y=24,
drawtext=fontfile=$BOLD:textfile=$TMP/ru.txt:fontsize=19:fontcolor=white:x=24:y=104,
drawtext=fontfile=$FONT:textfile=$TMP/en.txt:fontsize=16:fontcolor=0xdfe8f5:x=24:y=140[card];
color=c=0xd93a3a:s=64x22:r=15:d=4,drawbox=x=40:y=3:w=16:h=8:color=0xbfe3ff:t=fill[car];
[card][car]overlay=x='-70+t*140':y=210:shortest=1,format=yuv420p"
  ffmpeg -nostdin -v error -y -f lavfi -i "$SCENE" -c:v libx264 -preset veryslow -crf 32 -pix_fmt yuv420p \
    -movflags +faststart -an "$OUT/$code.mp4"
  ffmpeg -nostdin -v error -y -f lavfi -i "$SCENE" -c:v libvpx-vp9 -b:v 0 -crf 45 -row-mt 1 -deadline good -an \
    "$OUT/$code.webm"
  # The poster is the card at 1.5 s (the car on the road), a small JPEG.
  ffmpeg -nostdin -v error -y -ss 1.5 -i "$OUT/$code.mp4" -frames:v 1 -q:v 6 "$OUT/$code.jpg"
  echo "$code: $(wc -c < "$OUT/$code.mp4") B mp4, $(wc -c < "$OUT/$code.webm") B webm, $(wc -c < "$OUT/$code.jpg") B jpg"
done < "$TMP/lessons.tsv"
echo "total: $(du -cb "$OUT"/* | tail -1 | cut -f1) bytes in $OUT"
