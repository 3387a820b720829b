import { EXERCISE_CATEGORIES, EXERCISE_LIMITS, MSG, NO_CATEGORY, fillMessage } from '@consulta/shared';
import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { Check, NullableBoolean, OptionalInteger, OptionalText, RequiredId, RequiredText } from '../../common/validation/rules';
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

const FILE_KEY_MAX = 500;
/** A list of uploaded files' keys (absent or null: unchanged). */
const FileList = (description: string) =>
  Check(
    (value) =>
      value === undefined ||
      value === null ||
      (Array.isArray(value) && value.every((k) => typeof k === 'string' && k.length > 0 && k.length <= FILE_KEY_MAX))
        ? null
        : MSG.exercises.files,
    { type: 'array', items: { type: 'string', minLength: 1, maxLength: FILE_KEY_MAX }, required: false, nullable: true, description },
  );

/** Body of POST and PUT /ejercicios/. */
export class ExercisePayloadDto {
  @RequiredText(EXERCISE_LIMITS.titleMax, MSG.exercises.titleRequired)
  titulo: string;

  @OptionalText(EXERCISE_LIMITS.descriptionMax)
  descripcion?: string | null;

  @Check((v) => (v === undefined || normalizeCategory(v) !== undefined ? null : MSG.exercises.categoryInvalid), {
    type: 'string',
    required: false,
    nullable: true,
    description: `Una de: ${EXERCISE_CATEGORIES.join(', ')} (sin distinguir mayúsculas ni acentos); vacía o '${NO_CATEGORY}': ninguna.`,
  })
  categoria?: string | null;

  @FileList('Claves de archivos subidos bajo ejercicios/, en orden.')
  archivo_url?: string[];

  @FileList('Sinónimo de archivo_url.')
  archivo_ids?: string[];

  @Check((v) => (v === undefined || v === null || (typeof v === 'string' && v.length <= FILE_KEY_MAX) ? null : MSG.exercises.files), {
    type: 'string',
    maxLength: FILE_KEY_MAX,
    required: false,
    nullable: true,
    description: 'Un archivo más (se añade a la lista).',
  })
  archivo_id?: string | null;

  @ApiProperty({ type: String, required: false, nullable: true, description: 'Ignorado: el nombre es el de la subida.' })
  @Allow()
  archivo_nombre?: unknown;

  @Check(
    (v) =>
      v === undefined ||
      v === null ||
      (Array.isArray(v) && v.length <= EXERCISE_LIMITS.assignAtCreationMax && v.every((id) => typeof id === 'string'))
        ? null
        : MSG.exercises.patientIds,
    {
      type: 'array',
      items: { type: 'string' },
      maxItems: EXERCISE_LIMITS.assignAtCreationMax,
      required: false,
      nullable: true,
      description: 'Solo POST: asignarlo a la vez a estos pacientes (los ajenos o inexistentes se ignoran).',
    },
  )
  paciente_ids?: string[];
}

/** The files a payload names, in order, without repeats; undefined when it names none of the file fields. */
export function payloadFiles(dto: ExercisePayloadDto): string[] | undefined {
  if (dto.archivo_url === undefined && dto.archivo_ids === undefined && (dto.archivo_id === undefined || dto.archivo_id === null))
    return undefined;
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

/** Body of POST /modulo-ejercicios/. */
export class ModuleExercisePayloadDto {
  @RequiredId(MSG.exercises.moduleRequired)
  modulo_id: string;

  @RequiredId(MSG.exercises.exerciseRequired)
  ejercicio_id: string;

  /** Place (from 1); last when absent. */
  @OptionalInteger(1, undefined, MSG.exercises.orden)
  orden?: number | null;
}

/** Body of PUT /modulo-ejercicios/modulo/{id}/orden. */
export class ModuleOrderPayloadDto {
  @Check((v) => (Array.isArray(v) && v.every(isUuid) ? null : MSG.exercises.order), {
    type: 'array',
    items: { type: 'string', format: 'uuid' },
    required: true,
  })
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
  @NullableBoolean(MSG.exercises.completado)
  completado?: boolean | null;

  @Check(
    (v) => {
      if (v === undefined || v === null) return null;
      if (typeof v !== 'string') return fillMessage(MSG.validation.text, { campo: 'notas_paciente' });
      return v.length > EXERCISE_LIMITS.notesMax ? MSG.exercises.notes : null;
    },
    { type: 'string', maxLength: EXERCISE_LIMITS.notesMax, required: false, nullable: true },
  )
  notas_paciente?: string | null;
}
