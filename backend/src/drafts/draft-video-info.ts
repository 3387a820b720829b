import { MSG, SESSION_LIMITS, type DraftVideoInfo } from '@consulta/shared';
import type { SchemaObject } from '@nestjs/swagger';
import { keyOwner } from '../storage/file-keys';
import { SEGMENTS_SCHEMA, segmentsOk } from '../transcription/transcript-segments';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const nullableText = (v: unknown, max: number) => v === null || (typeof v === 'string' && v.length <= max);

const fileKey = (v: unknown) => v === null || (typeof v === 'string' && keyOwner(v) !== null);

/** What a save may write into `archivo_video_info`: each key checked (ownership of a file key, by the service). */
const KEYS: Record<keyof DraftVideoInfo, (v: unknown) => boolean> = {
  script_text: (v) => nullableText(v, SESSION_LIMITS.longTextMax),
  analisis_ia: (v) => nullableText(v, SESSION_LIMITS.longTextMax),
  transcript: (v) => v === null || segmentsOk(v),
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
    transcript: SEGMENTS_SCHEMA,
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
