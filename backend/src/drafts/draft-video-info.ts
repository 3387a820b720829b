import { MSG, SESSION_LIMITS, TRANSCRIPT_LIMITS, type DraftVideoInfo } from '@consulta/shared';
import type { SchemaObject } from '@nestjs/swagger';
import { keyOwner } from '../storage/file-keys';

const MAX_SEGMENTS = 20_000;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const nullableText = (v: unknown, max: number) => v === null || (typeof v === 'string' && v.length <= max);
const time = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0;

const SEGMENT_KEYS = new Set(['speaker_label', 'start_time', 'end_time', 'text']);

/** A segment as the transcription writes it, and nothing else: the list is stored as sent. */
function segmentOk(s: unknown): boolean {
  return (
    isRecord(s) &&
    Object.keys(s).every((k) => SEGMENT_KEYS.has(k)) &&
    typeof s.speaker_label === 'string' &&
    s.speaker_label.length <= TRANSCRIPT_LIMITS.speakerLabelMax &&
    time(s.start_time) &&
    time(s.end_time) &&
    (s.end_time as number) >= (s.start_time as number) &&
    typeof s.text === 'string' &&
    s.text.length <= TRANSCRIPT_LIMITS.segmentTextMax
  );
}

const fileKey = (v: unknown) => v === null || (typeof v === 'string' && keyOwner(v) !== null);

/** What a save may write into `archivo_video_info`: each key checked (ownership of a file key, by the service). */
const KEYS: Record<keyof DraftVideoInfo, (v: unknown) => boolean> = {
  script_text: (v) => nullableText(v, SESSION_LIMITS.longTextMax),
  analisis_ia: (v) => nullableText(v, SESSION_LIMITS.longTextMax),
  transcript: (v) => v === null || (Array.isArray(v) && v.length <= MAX_SEGMENTS && v.every(segmentOk)),
  video_url: fileKey,
  file_key: fileKey,
  estado_upload: (v) => nullableText(v, 30),
  upload_progress: (v) => v === null || (Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 100),
};

const nullableTextSchema = (maxLength: number): SchemaObject => ({ type: 'string', maxLength, nullable: true });

/** What videoInfoError accepts, as a schema (the key's owner is the service's to check). */
export const VIDEO_INFO_SCHEMA: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  properties: {
    script_text: nullableTextSchema(SESSION_LIMITS.longTextMax),
    analisis_ia: nullableTextSchema(SESSION_LIMITS.longTextMax),
    transcript: {
      type: 'array',
      nullable: true,
      maxItems: MAX_SEGMENTS,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['speaker_label', 'start_time', 'end_time', 'text'],
        properties: {
          speaker_label: { type: 'string', maxLength: TRANSCRIPT_LIMITS.speakerLabelMax },
          start_time: { type: 'number', minimum: 0 },
          end_time: { type: 'number', minimum: 0, description: 'No anterior a start_time.' },
          text: { type: 'string', maxLength: TRANSCRIPT_LIMITS.segmentTextMax },
        },
      },
    },
    video_url: { type: 'string', nullable: true, description: 'La misma clave que file_key.' },
    file_key: { type: 'string', nullable: true },
    estado_upload: nullableTextSchema(30),
    upload_progress: { type: 'integer', minimum: 0, maximum: 100, nullable: true },
  },
};

/** The first problem of an `archivo_video_info` object, or null. */
export function videoInfoError(value: unknown): string | null {
  if (!isRecord(value)) return MSG.drafts.videoInfo;
  for (const [key, v] of Object.entries(value)) {
    const check = Object.hasOwn(KEYS, key) ? KEYS[key as keyof DraftVideoInfo] : undefined;
    if (!check) return `${MSG.drafts.videoInfo}: ${key}`;
    if (!check(v)) return key === 'video_url' || key === 'file_key' ? MSG.sessions.videoUrl : `${MSG.drafts.videoInfo}: ${key}`;
  }
  // video_url, when a key, names the same file as file_key (one video per draft).
  if (typeof value.video_url === 'string' && value.video_url !== value.file_key) return MSG.sessions.videoUrl;
  return null;
}
