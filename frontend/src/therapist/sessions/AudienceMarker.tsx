import LockOutlined from '@mui/icons-material/LockOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import { SESSION_FIELD_AUDIENCE, type SessionAudienceField, type SessionFieldAudience } from '@consulta/shared';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';

const A = WORKSPACE_TEXT.sessions.audience;

/**
 * Where the patient version of the analysis stands: a new session publishes it when saved (the server does), a
 * saved one is published or not yet.
 */
export type AnalysisPublication = 'onSave' | 'published' | 'unpublished';

const PUBLICATION: Record<AnalysisPublication, string> = {
  onSave: A.publishedOnSave,
  published: A.published,
  unpublished: A.unpublished,
};

const label = (audience: SessionFieldAudience, publication: AnalysisPublication): string =>
  audience === 'paciente' ? A.patient : audience === 'privado' ? A.private : PUBLICATION[publication];

/**
 * Who reads a session field, from the one list of it (SESSION_FIELD_AUDIENCE, checked against the patient area's
 * answer): an eye and 'Visible para el paciente', or a lock and 'Privado: solo para ti'. Inline, so it fits a
 * field's helper text (which the field is described by).
 */
export function AudienceMarker({
  field,
  id,
  publication = 'unpublished',
}: {
  field: SessionAudienceField;
  id?: string;
  /** For a field shown once published (the patient version of the analysis). */
  publication?: AnalysisPublication;
}) {
  const audience = SESSION_FIELD_AUDIENCE[field];
  const shown = audience !== 'privado';
  const Icon = shown ? VisibilityOutlined : LockOutlined;
  return (
    <Box
      component="span"
      id={id}
      data-testid={`audience-${field}`}
      data-audience={audience}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        fontSize: '0.75rem',
        fontWeight: 600,
        lineHeight: 1.5,
        color: shown ? 'primary.main' : 'text.secondary',
      }}
    >
      <Icon aria-hidden sx={{ fontSize: 16 }} />
      {label(audience, publication)}
    </Box>
  );
}
