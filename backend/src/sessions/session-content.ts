import type { SessionContent } from '@consulta/shared';
import { parseDateOrDateTime } from '../common/validation/date-time';
import type { SessionContentDto } from './dto/session-content.dto';
import { textOrNull } from './session-rules';

/** The content fields a payload sends, normalized (blank text → null, dates parsed), keyed by their API name. */
export type ContentValues = Partial<Record<Exclude<keyof SessionContent, 'tipo_sesion' | 'tipo_sesion_id'>, unknown>>;

const TEXT_FIELDS = ['notas', 'temas_importantes', 'intencion', 'tipo_medicina', 'observaciones', 'analisis_ia_paciente'] as const;

/** Only what the payload sends: an absent field is left as it is. (The type is read by SessionTypeChoice.) */
export function contentValues(dto: SessionContentDto): ContentValues {
  const values: ContentValues = {};
  if (dto.fecha !== undefined) values.fecha = dto.fecha === null ? null : parseDateOrDateTime(dto.fecha);
  if (dto.duracion_minutos !== undefined) values.duracion_minutos = dto.duracion_minutos;
  if (dto.num_voces !== undefined && dto.num_voces !== null) values.num_voces = dto.num_voces;
  if (dto.cantidad !== undefined) values.cantidad = dto.cantidad;
  if (dto.campos_datos !== undefined) values.campos_datos = dto.campos_datos ?? {};
  for (const field of TEXT_FIELDS) if (dto[field] !== undefined) values[field] = textOrNull(dto[field]);
  return values;
}
