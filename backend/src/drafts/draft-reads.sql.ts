/**
 * The fragments other modules read `session_drafts` through (docs/architecture.md, "SQL owner"): the table is named
 * in drafts/ only.
 */

/** Drafts (`s`) with their custom type (`t`); add `where s.id = ?`. */
export const DRAFT_WITH_TYPE_FROM = `from session_drafts s left join session_types t on t.id = s.tipo_sesion_id`;

/** The video key of draft `?` while it is being transcribed (no row otherwise). */
export const TRANSCRIBING_DRAFT_FILE_SQL = `select archivo_video_info ->> 'file_key' as file_key from session_drafts where id = ? and estado = 'transcribiendo'`;
