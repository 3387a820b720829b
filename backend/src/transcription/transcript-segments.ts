import { SESSION_LIMITS, TRANSCRIPT_LIMITS, isSpeakerLabel } from '@consulta/shared';
import type { SchemaObject } from '@nestjs/swagger';

/** An hour of speech is ~600 turns; this bounds a transcript of many hours. */
const MAX_SEGMENTS = 20_000;

/** No turn is later than the longest session lasts (24 h); a saved session's own duration bounds its turns further. */
const MAX_SECONDS = SESSION_LIMITS.duracionMax * 60;

const SEGMENT_KEYS = new Set(['speaker_label', 'start_time', 'end_time', 'text']);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const time = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= MAX_SECONDS;

/** A turn as the transcription writes it, and nothing else (the list is stored as sent). */
function segmentOk(s: unknown): boolean {
  return (
    isRecord(s) &&
    Object.keys(s).every((k) => SEGMENT_KEYS.has(k)) &&
    isSpeakerLabel(s.speaker_label) &&
    time(s.start_time) &&
    time(s.end_time) &&
    (s.end_time as number) >= (s.start_time as number) &&
    typeof s.text === 'string' &&
    s.text.length <= TRANSCRIPT_LIMITS.segmentTextMax
  );
}

/** Whether `v` is a transcript's list of turns (a draft's `transcript`, a session's `transcripcion_segmentos`). */
export const segmentsOk = (v: unknown): boolean => Array.isArray(v) && v.length <= MAX_SEGMENTS && v.every(segmentOk);

/** What segmentsOk accepts, as a schema. */
export const SEGMENTS_SCHEMA: SchemaObject = {
  type: 'array',
  nullable: true,
  maxItems: MAX_SEGMENTS,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['speaker_label', 'start_time', 'end_time', 'text'],
    properties: {
      speaker_label: { type: 'string', maxLength: TRANSCRIPT_LIMITS.speakerLabelMax, description: 'Una sola línea.' },
      start_time: { type: 'number', minimum: 0, maximum: MAX_SECONDS, description: 'Segundos desde el inicio del vídeo.' },
      end_time: {
        type: 'number',
        minimum: 0,
        maximum: MAX_SECONDS,
        description: 'No anterior a start_time; en una sesión guardada, dentro de su duración (hasta el final de su último minuto).',
      },
      text: { type: 'string', maxLength: TRANSCRIPT_LIMITS.segmentTextMax },
    },
  },
};
