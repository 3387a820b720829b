#!/usr/bin/env bash
# Builds the demo practice's session video (sesion-demo.mp4) and its transcript (sesion-demo.transcript.json).
#
# A short, fully synthetic therapy excerpt: a therapist and a patient (Lucía, the demo patient with work
# anxiety) talk about anxiety at work and try a breathing exercise. Each turn is voiced by espeak-ng with one of
# two clearly different voices, turns are separated by short silences, and the picture is a calm static
# gradient with the title and the current speaker's label. The transcript's times are measured from the
# generated audio, so they match the video exactly.
#
# The output is committed: run this only to regenerate it (needs ffmpeg, ffprobe, espeak-ng and the DejaVu
# fonts; Debian: apt-get install -y ffmpeg espeak-ng fonts-dejavu-core).
#   backend/assets/demo/make-demo-video.sh
# Reproducible: espeak-ng is deterministic, the gradient has a fixed seed and the MP4 is written without encoder
# tags or creation time, so a rerun with the same tool versions gives byte-identical files (made with
# ffmpeg 5.1 and espeak-ng 1.51 on Debian 12).
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
OUT_VIDEO="$HERE/sesion-demo.mp4"
OUT_TRANSCRIPT="$HERE/sesion-demo.transcript.json"
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf

for tool in ffmpeg ffprobe espeak-ng; do
  command -v "$tool" >/dev/null || { echo "Falta $tool" >&2; exit 1; }
done
[ -f "$FONT" ] || { echo "Falta la fuente $FONT" >&2; exit 1; }

# Two voices: the therapist low and slow, the patient a female variant, higher and a little faster.
VOICE_T=(-v es -p 35 -s 160)
VOICE_P=(-v es+f3 -p 70 -s 175)
RATE=22050        # espeak-ng's native sample rate
PAUSE=0.8         # silence between turns, seconds
LEAD=0.8          # silence before the first turn
TAIL=1.2          # silence after the last turn
TRIM_END="areverse,silenceremove=start_periods=1:start_threshold=-50dB,areverse"

# speaker|text: one turn a line.
TURNS=$(cat <<'TXT'
Terapeuta|Hola, Lucía. ¿Cómo ha ido la semana en el trabajo?
Paciente|Regular. Antes de las reuniones me pongo muy nerviosa y me cuesta respirar.
Terapeuta|Entiendo. ¿Qué notas en el cuerpo cuando empieza esa ansiedad?
Paciente|Se me acelera el corazón y pienso que voy a hacerlo mal.
Terapeuta|Vamos a probar un ejercicio de respiración. Inspira por la nariz, contando hasta cuatro.
Paciente|Vale. Uno, dos, tres, cuatro.
Terapeuta|Ahora suelta el aire despacio, contando hasta seis. ¿Cómo te sientes?
Paciente|Más tranquila. Creo que puedo hacerlo antes de la próxima reunión.
TXT
)

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

dur() { ffprobe -v error -show_entries format=duration -of default=nw=1:nk=1 "$1"; }
silence() { ffmpeg -nostdin -v error -y -f lavfi -i "anullsrc=r=$RATE:cl=mono" -t "$1" -c:a pcm_s16le "$2"; }
json_escape() { printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g'; }

silence "$LEAD" "$WORK/lead.wav"
silence "$PAUSE" "$WORK/pause.wav"
silence "$TAIL" "$WORK/tail.wav"

# Voice each turn, measure it, and lay out the timeline: lead, turn, pause, turn, ..., turn, tail.
: >"$WORK/list.txt"
echo "file '$WORK/lead.wav'" >>"$WORK/list.txt"
t="$LEAD"
i=0
json="["
labels=""
while IFS='|' read -r speaker text; do
  i=$((i + 1))
  wav="$WORK/turn$i.wav"
  if [ "$speaker" = Terapeuta ]; then voice=("${VOICE_T[@]}"); else voice=("${VOICE_P[@]}"); fi
  espeak-ng "${voice[@]}" -w "$WORK/raw$i.wav" "$text"
  # Same format for every piece (mono, 22.05 kHz, 16 bit) so the concat is sample-exact; espeak-ng's trailing
  # silence is cut so that a turn's end time is where its speech ends.
  ffmpeg -nostdin -v error -y -i "$WORK/raw$i.wav" -af "$TRIM_END" -ac 1 -ar "$RATE" -c:a pcm_s16le "$wav"
  d="$(dur "$wav")"
  start="$t"
  end="$(awk -v a="$start" -v b="$d" 'BEGIN { printf "%.2f", a + b }')"
  [ "$i" -gt 1 ] && json="$json,"
  json="$json
  {\"speaker_label\": \"$speaker\", \"start_time\": $(awk -v a="$start" 'BEGIN { printf "%.2f", a }'), \"end_time\": $end, \"text\": \"$(json_escape "$text")\"}"
  labels="$labels$speaker|$start|$end
"
  [ "$i" -gt 1 ] && echo "file '$WORK/pause.wav'" >>"$WORK/list.txt"
  echo "file '$wav'" >>"$WORK/list.txt"
  t="$(awk -v a="$start" -v b="$d" -v p="$PAUSE" 'BEGIN { printf "%.6f", a + b + p }')"
done <<<"$TURNS"
echo "file '$WORK/tail.wav'" >>"$WORK/list.txt"
json="$json
]"

ffmpeg -nostdin -v error -y -f concat -safe 0 -i "$WORK/list.txt" -c:a pcm_s16le "$WORK/dialogue.wav"
total="$(dur "$WORK/dialogue.wav")"

# Picture: a static teal-to-blue gradient, the title, and who is speaking (shown only during each turn).
# Text comes from files so nothing needs escaping inside the filter graph.
printf '%s' 'Consulta · Sesión de demostración' >"$WORK/title.txt"
printf '%s' 'Terapeuta' >"$WORK/t.txt"
printf '%s' 'Paciente' >"$WORK/p.txt"
filter="drawtext=fontfile=$FONT:textfile=$WORK/title.txt:fontcolor=white:fontsize=26:x=(w-text_w)/2:y=(h-text_h)/2-20"
while IFS='|' read -r speaker start end; do
  [ -n "$speaker" ] || continue
  f="$WORK/t.txt"; [ "$speaker" = Paciente ] && f="$WORK/p.txt"
  filter="$filter,drawtext=fontfile=$FONT:textfile=$f:fontcolor=white@0.85:fontsize=18:x=(w-text_w)/2:y=h-60:enable='between(t,$start,$end)'"
done <<<"$labels"

ffmpeg -nostdin -v error -y \
  -f lavfi -i "gradients=s=640x360:r=10:c0=0x2f6f73:c1=0x24456b:x0=0:y0=0:x1=640:y1=360:speed=0.00001:seed=1:d=$total" \
  -i "$WORK/dialogue.wav" \
  -filter_complex "[0:v]$filter,format=yuv420p[v]" -map '[v]' -map 1:a \
  -c:v libx264 -preset veryslow -tune stillimage -crf 30 -g 100 -profile:v main \
  -c:a aac -b:a 48k -ac 1 -ar 22050 \
  -t "$total" -movflags +faststart -map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact \
  "$OUT_VIDEO"

printf '%s\n' "$json" >"$OUT_TRANSCRIPT"

echo "Video: $OUT_VIDEO ($(stat -c %s "$OUT_VIDEO") bytes, $(dur "$OUT_VIDEO") s)"
echo "Transcript: $OUT_TRANSCRIPT ($i turns)"
