import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Session } from '@consulta/shared';
import type { ReactNode, Ref } from 'react';
import { InfoField, InfoGrid } from '../../components/InfoBlock';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import { SessionTypeBadges } from '../../components/sessions/SessionTypeBadges';
import { SessionAnalysisSection } from './SessionAnalysisSection';
import { SessionContentSection, SessionCustomFieldsSection, SessionRecordingSection } from './SessionDetailSections';
import { SuggestedExercises } from './SuggestedExercises';
import { formatDateTimeEs } from '../../i18n/format';
import { formatDuration, voicesText } from '../../components/sessions/sessionFormat';

const T = WORKSPACE_TEXT.sessions;
const F = T.fields;

/** The open session: everything recorded about it; `actions` (edit, delete) sit beside its title. */
export function SessionDetail({
  session,
  headingRef,
  actions,
  startAt = null,
  marked = null,
}: {
  session: Session;
  headingRef?: Ref<HTMLHeadingElement>;
  actions?: ReactNode;
  /** Opened at this moment of the video and transcript (seconds). */
  startAt?: number | null;
  /** The search whose result opened it: its words are marked in the turn at `startAt`. */
  marked?: string | null;
}) {
  return (
    // Its overflow visible: the player stays in view while the transcript is read (a card clips, and so stops it).
    <Card data-testid="session-detail" component="article" aria-labelledby="session-detail-title" sx={{ overflow: 'visible' }}>
      <CardContent sx={{ p: { xs: 2.25, sm: 3 } }}>
        <Stack
          direction="row"
          spacing={1.5}
          useFlexGap
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 2 }}
        >
          <Typography
            id="session-detail-title"
            variant="h6"
            component="h2"
            sx={{ fontWeight: 700, outline: 'none' }}
            tabIndex={-1}
            ref={headingRef}
          >
            {T.session(session.numero_sesion)}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <SessionTypeBadges session={session} size="medium" />
            {actions}
          </Stack>
        </Stack>
        <InfoGrid columns={2} phoneColumns={2}>
          <InfoField label={F.date} value={formatDateTimeEs(session.fecha)} />
          <InfoField label={F.number} value={String(session.numero_sesion)} />
          <InfoField label={F.duration} value={formatDuration(session.duracion_minutos)} missing={session.duracion_minutos === null} />
          <InfoField label={F.voices} value={voicesText(session.num_voces)} />
        </InfoGrid>
        <SessionContentSection session={session} />
        <SessionCustomFieldsSection session={session} />
        <SessionRecordingSection key={session.id} session={session} startAt={startAt} marked={marked} />
        <SessionAnalysisSection session={session} />
        <SuggestedExercises key={session.id} session={session} />
        <Divider sx={{ my: 2.5 }} />
        <InfoGrid columns={2}>
          <InfoField label={F.createdAt} value={formatDateTimeEs(session.created_at)} />
          <InfoField
            label={F.id}
            value={
              <Box component="code" data-testid="session-id" sx={{ fontSize: '0.8125rem' }}>
                {session.id}
              </Box>
            }
          />
        </InfoGrid>
      </CardContent>
    </Card>
  );
}
