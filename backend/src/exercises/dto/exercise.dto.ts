import { EXERCISE_CATEGORIES, EXERCISE_LIMITS, MSG, NO_CATEGORY, fillMessage } from '@consulta/shared';
import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { Check, OptionalText, RequiredText } from '../../common/validation/rules';
import { isUuid } from '../../common/validation/uuid';

const fold = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').trim().toLocaleLowerCase('es');
const CATEGORY_BY_FOLD = new Map(EXERCISE_CATEGORIES.map((c) => [fold(c), c as string]));

/** A category as the spec writes it (case and accents aside), null for none, or undefined when it is not one. */
export function normalizeCategory(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return undefined;
  if (value.trim() === '' || fold(value) === fold(NO_CATEGORY)) return null;
  return CATEGORY_BY_FOLD.get(fold(value));
}

const fileList = (value: unknown): string | null =>
  value === undefined || value === null || (Array.isArray(value) && value.every((k) => typeof k === 'string' && k.length > 0 && k.length <= 500))
    ? null
    : MSG.exercises.files;

/** Body of POST and PUT /ejercicios/ (spec 2 §5, §7). */
export class ExercisePayloadDto {
  @RequiredText(EXERCISE_LIMITS.titleMax, MSG.exercises.titleRequired)
  titulo: string;

  @OptionalText(EXERCISE_LIMITS.descriptionMax)
  descripcion?: string | null;

  @ApiProperty({ enum: EXERCISE_CATEGORIES, required: false, nullable: true })
  @Check((v) => (v === undefined || normalizeCategory(v) !== undefined ? null : MSG.exercises.categoryInvalid))
  categoria?: string | null;

  @ApiProperty({ type: [String], required: false, description: 'Claves de archivos subidos bajo ejercicios/, en orden.' })
  @Check(fileList)
  archivo_url?: string[];

  @ApiProperty({ type: [String], required: false, description: 'Sinónimo de archivo_url.' })
  @Check(fileList)
  archivo_ids?: string[];

  @ApiProperty({ type: String, required: false, nullable: true, description: 'Un archivo más (se añade a la lista).' })
  @Check((v) => (v === undefined || v === null || (typeof v === 'string' && v.length <= 500) ? null : MSG.exercises.files))
  archivo_id?: string | null;

  @ApiProperty({ type: String, required: false, nullable: true, description: 'Ignorado: el nombre es el de la subida.' })
  @Allow()
  archivo_nombre?: unknown;

  @ApiProperty({ type: [String], required: false, description: 'Solo POST: asignarlo a la vez a estos pacientes.' })
  @Check((v) =>
    v === undefined || v === null || (Array.isArray(v) && v.length <= EXERCISE_LIMITS.assignAtCreationMax && v.every((id) => typeof id === 'string'))
      ? null
      : MSG.exercises.patientIds,
  )
  paciente_ids?: string[];
}

/** The files a payload names, in order, without repeats; undefined when it names none of the file fields. */
export function payloadFiles(dto: ExercisePayloadDto): string[] | undefined {
  if (dto.archivo_url === undefined && dto.archivo_ids === undefined && (dto.archivo_id === undefined || dto.archivo_id === null)) return undefined;
  const keys = [...(dto.archivo_url ?? []), ...(dto.archivo_ids ?? []), ...(dto.archivo_id ? [dto.archivo_id] : [])];
  return [...new Set(keys)];
}

/** Body of POST and PUT /modulos/. */
export class ModulePayloadDto {
  @RequiredText(EXERCISE_LIMITS.titleMax, MSG.exercises.moduleTitleRequired)
  titulo: string;

  @OptionalText(EXERCISE_LIMITS.descriptionMax)
  descripcion?: string | null;
}

const RequiredId = (message: string) => Check((v) => (typeof v === 'string' && v.trim() !== '' ? null : message));

/** Body of POST /modulo-ejercicios/. */
export class ModuleExercisePayloadDto {
  @RequiredId(MSG.exercises.moduleRequired)
  modulo_id: string;

  @RequiredId(MSG.exercises.exerciseRequired)
  ejercicio_id: string;

  @ApiProperty({ type: Number, required: false, description: 'Lugar (desde 1); al final si falta.' })
  @Check((v) => (v === undefined || v === null || (Number.isInteger(v) && (v as number) > 0) ? null : MSG.exercises.orden))
  orden?: number | null;
}

/** Body of PUT /modulo-ejercicios/modulo/{id}/orden. */
export class ModuleOrderPayloadDto {
  @ApiProperty({ type: [String] })
  @Check((v) => (Array.isArray(v) && v.every(isUuid) ? null : MSG.exercises.order))
  ejercicio_ids: string[];
}

/** Body of POST /paciente-ejercicios/. */
export class PatientExercisePayloadDto {
  @RequiredId(MSG.exercises.patientsRequired)
  paciente_id: string;

  @RequiredId(MSG.exercises.exerciseRequired)
  ejercicio_id: string;
}

/** Body of POST /paciente-modulos/. */
export class PatientModulePayloadDto {
  @RequiredId(MSG.exercises.patientsRequired)
  paciente_id: string;

  @RequiredId(MSG.exercises.moduleRequired)
  modulo_id: string;
}

/** Body of .../completar (and of .../desmarcar, which needs none). */
export class CompletionPayloadDto {
  @Check((v) => (v === undefined || v === null || typeof v === 'boolean' ? null : MSG.exercises.completado))
  completado?: boolean | null;

  @Check((v) => {
    if (v === undefined || v === null) return null;
    if (typeof v !== 'string') return fillMessage(MSG.validation.text, { campo: 'notas_paciente' });
    return v.length > EXERCISE_LIMITS.notesMax ? MSG.exercises.notes : null;
  })
  notas_paciente?: string | null;
}
