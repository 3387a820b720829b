import {
  PRACTICE_COUNTRIES,
  isPracticeCountry,
  isTimeZone,
  MSG,
  pictureUrlError,
  type EducationEntry,
  type TherapistProfile,
  type TherapistProfileUpdate,
} from '@consulta/shared';
import { ApiProperty } from '@nestjs/swagger';
import { Check, OptionalText } from '../../common/validation/rules';
import { EDUCATION_MAX, educationError } from '../education';

export class EducationEntryDto implements EducationEntry {
  id: string;
  titulo: string;
  institucion: string;
  año: number | null;
}

/** One study or certification as a client sends it: `id` (the server's, sent back) only for an entry it keeps. */
export class EducationEntryInputDto {
  @ApiProperty({ type: String, required: false, nullable: true, maxLength: 64 })
  id?: string | null;
  @ApiProperty({ maxLength: 200, pattern: '\\S' })
  titulo: string;
  @ApiProperty({ type: String, required: false, nullable: true, maxLength: 200 })
  institucion?: string | null;
  @ApiProperty({ type: 'integer', required: false, nullable: true, minimum: 1900, maximum: 2100 })
  año?: number | null;
}

export class TherapistProfileDto implements TherapistProfile {
  name: string;
  email: string;
  especialidad: string | null;
  licencia: string | null;
  telefono: string | null;
  direccion: string | null;
  biografia: string | null;
  estudios: EducationEntryDto[];
  certificaciones: EducationEntryDto[];
  avatar_url: string | null;
  /** IANA time zone of the practice (the profile's, else DEFAULT_TIME_ZONE). */
  @ApiProperty({ example: 'Europe/Madrid' })
  zona_horaria: string;
  /** ISO 3166 code of the practice's country (the profile's, else DEFAULT_COUNTRY): phone fields start with its dial code. */
  @ApiProperty({ example: 'ES', enum: PRACTICE_COUNTRIES.map((c) => c.code) })
  pais: string;
}

/**
 * PUT /terapeuta/perfil: the editable fields; an absent field keeps its value, null or blank clears it.
 * name and email are read-only: sending them is refused (400), like any unknown field.
 */
export class UpdateTherapistProfileDto implements TherapistProfileUpdate {
  @OptionalText(200)
  especialidad?: string | null;

  @OptionalText(100)
  licencia?: string | null;

  @OptionalText(30)
  telefono?: string | null;

  @OptionalText(300)
  direccion?: string | null;

  @OptionalText(5000)
  biografia?: string | null;

  /** The whole list (replaces the stored one); entries without an id get one. */
  @ApiProperty({ type: [EducationEntryInputDto], required: false, nullable: true, maxItems: EDUCATION_MAX })
  @Check(educationError)
  estudios?: unknown;

  @ApiProperty({ type: [EducationEntryInputDto], required: false, nullable: true, maxItems: EDUCATION_MAX })
  @Check(educationError)
  certificaciones?: unknown;

  /** An https:// picture on a public host (as Google's), or null or blank to go back to the Google one. */
  @ApiProperty({ type: String, required: false, nullable: true, maxLength: 2048 })
  @Check(pictureUrlError)
  foto_perfil?: string | null;

  /** An IANA time zone (Europe/Madrid, America/Bogota); null or blank goes back to DEFAULT_TIME_ZONE. */
  @Check((v) => (v === undefined || v === null || v === '' || isTimeZone(v) ? null : MSG.agenda.timeZone), {
    type: String,
    required: false,
    nullable: true,
    maxLength: 64,
    example: 'Europe/Madrid',
  })
  zona_horaria?: string | null;

  /** The practice's country (ISO 3166: ES, CO, MX...); null or blank goes back to DEFAULT_COUNTRY. */
  @Check(
    (v) =>
      v === undefined || v === null || v === '' || (typeof v === 'string' && isPracticeCountry(v.trim().toUpperCase()))
        ? null
        : MSG.profile.country,
    { type: String, required: false, nullable: true, maxLength: 2, example: 'ES' },
  )
  pais?: string | null;
}
