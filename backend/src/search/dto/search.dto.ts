import { MSG, SEARCH_LIMITS, fillMessage, type SessionSearchResult } from '@consulta/shared';
import { Check } from '../../common/validation/rules';
import { isUuid } from '../../common/validation/uuid';

const absent = (v: unknown) => v === undefined || v === '';

/** GET /busqueda/sesiones's query. */
export class SearchSessionsQueryDto {
  /** Words (all required, in any form: accents optional, singular or plural) and "quoted phrases" (exact). */
  @Check(
    (v) => {
      if (typeof v !== 'string' || v.trim() === '') return MSG.search.queryRequired;
      return v.length > SEARCH_LIMITS.queryMax ? fillMessage(MSG.search.queryTooLong, { max: SEARCH_LIMITS.queryMax }) : null;
    },
    { type: 'string', required: true, minLength: 1, maxLength: SEARCH_LIMITS.queryMax, pattern: '\\S' },
  )
  q!: string;

  /** Only this patient's sessions. */
  @Check((v) => (absent(v) || isUuid(v) ? null : MSG.search.patientId), { type: 'string', format: 'uuid', required: false })
  paciente_id?: string;

  /** How many results, 1 to 50 (20 when absent). */
  @Check(
    (v) =>
      absent(v) || (typeof v === 'string' && /^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= SEARCH_LIMITS.maxLimit)
        ? null
        : fillMessage(MSG.search.limit, { max: SEARCH_LIMITS.maxLimit }),
    { type: 'integer', minimum: 1, maximum: SEARCH_LIMITS.maxLimit, required: false, default: SEARCH_LIMITS.defaultLimit },
  )
  limit?: string;
}

/** One result (documentation of the answer). */
export class SessionSearchResultDto implements SessionSearchResult {
  sesion_id: string;
  paciente_id: string;
  /** The patient's first and last names. */
  paciente_nombre: string;
  numero_sesion: number;
  /** ISO 8601 date-time of the session. */
  fecha: string;
  /**
   * Where it matched: notas, temas_importantes, observaciones, intencion, tipo_medicina, transcripcion, analisis_ia,
   * analisis_ia_paciente, or the name of a custom field.
   */
  campo: string;
  /** About 160 characters around the first match, cut at words, with '…' where the text goes on. */
  fragmento: string;
  /** Where the transcript turn of the first match starts, in seconds (null outside the transcript or without times). */
  inicio_segundos: number | null;
}
