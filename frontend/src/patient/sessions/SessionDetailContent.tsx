import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG, type PatientViewSession, type TranscriptSegment } from '@consulta/shared';
import type { ReactNode } from 'react';
import { InfoField, InfoGrid, LongText } from '../../components/InfoBlock';
import { SessionTypeBadges } from '../../components/sessions/SessionTypeBadges';
import { PlayerWithTranscript } from '../../components/sessions/PlayerWithTranscript';
import { TranscriptTimeline } from '../../components/sessions/TranscriptTimeline';
import { useTranscriptPlayback } from '../../components/sessions/useTranscriptPlayback';
import { SessionVideoPlayer } from '../../shell/sessions/SessionVideoPlayer';
import { customFieldEntries, fieldValueText, formatDuration, voicesText } from '../../components/sessions/sessionFormat';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import { MY_SESSIONS_TEXT } from '../../i18n/es/patient-area';
import { formatDateTimeEs, LOCALE } from '../../i18n/format';
import { useMySessionVideo, useMySessionVideoDownload } from '../patientQueries';

const T = MY_SESSIONS_TEXT.detail;
const F = WORKSPACE_TEXT.sessions.fields;

const present = (value: string | null | undefined): value is string => Boolean(value && value.trim());

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 1.25 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function PatientVideo({ session, videoRef }: { session: PatientViewSession; videoRef: (video: HTMLVideoElement | null) => void }) {
  const link = useMySessionVideo(session.id, true);
  const requestDownload = useMySessionVideoDownload(session.id);
  return (
    <SessionVideoPlayer numero={session.numero_sesion} link={link} requestDownload={requestDownload} namesDownload videoRef={videoRef} />
  );
}

const NO_TURNS: TranscriptSegment[] = [];
/** The top padding of the dialog's content (DialogContent with dividers: 16 px). */
const DIALOG_CONTENT_PADDING = 16;

/**
 * What a patient reads of one session ('Sesiones Anteriores'): type, dates, 'Campos Específicos', what
 * was worked on, the video, the transcript with the voices detected, the published analysis; or the spec's text
 * when there is nothing beyond the dates.
 */
export function SessionDetailContent({ session }: { session: PatientViewSession }) {
  const fields = customFieldEntries(session.campos_datos);
  const content = [
    { label: F.topics, value: session.temas_importantes },
    { label: F.intention, value: session.intencion },
    { label: F.medicine, value: session.tipo_medicina },
  ].filter((f) => present(f.value));
  const amount = session.cantidad === null ? null : session.cantidad.toLocaleString(LOCALE);
  const transcript = present(session.transcripcion) ? session.transcripcion : null;
  const turns = session.transcripcion_segmentos ?? NO_TURNS;
  const playback = useTranscriptPlayback(turns);
  const together = session.tiene_video && turns.length > 0 && Boolean(transcript);
  const analysis = present(session.analisis_ia_paciente) ? session.analisis_ia_paciente : null;
  const empty = fields.length === 0 && content.length === 0 && amount === null && !session.tiene_video && !transcript && !analysis;

  return (
    <Stack spacing={2.5} divider={<Divider flexItem />}>
      <Box>
        <SessionTypeBadges session={session} size="medium" />
        <Box sx={{ mt: 2 }}>
          <InfoGrid columns={3} phoneColumns={2}>
            <InfoField label={T.date} value={formatDateTimeEs(session.fecha)} />
            <InfoField label={T.duration} value={formatDuration(session.duracion_minutos)} missing={session.duracion_minutos === null} />
            <InfoField label={T.registered} value={formatDateTimeEs(session.created_at)} />
          </InfoGrid>
        </Box>
      </Box>

      {fields.length > 0 && (
        <Section title={T.customFields}>
          <InfoGrid columns={2}>
            {fields.map(([name, value]) => (
              <InfoField key={name} label={name} value={<LongText>{fieldValueText(value)}</LongText>} />
            ))}
          </InfoGrid>
        </Section>
      )}

      {(content.length > 0 || amount !== null) && (
        <Section title={T.content}>
          <InfoGrid columns={2}>
            {content.map((f) => (
              <InfoField key={f.label} label={f.label} value={<LongText>{f.value}</LongText>} wide={f.label !== F.medicine} />
            ))}
            {amount !== null && <InfoField label={F.amount} value={amount} />}
          </InfoGrid>
        </Section>
      )}

      {together && (
        // The video stays in view while its transcript is read: one scroll, the dialog's.
        <PlayerWithTranscript
          // Stuck at the very top of the dialog's content, over its padding (no strip of text scrolling above it).
          stickyTop={-DIALOG_CONTENT_PADDING}
          player={
            <Section title={T.video}>
              <PatientVideo session={session} videoRef={playback.videoRef} />
            </Section>
          }
          transcript={
            <Section title={T.transcript}>
              <InfoGrid columns={2}>
                <InfoField label={T.voices} value={voicesText(session.num_voces)} wide />
              </InfoGrid>
              <Box sx={{ mt: 2 }} data-testid="my-session-transcript">
                <TranscriptTimeline segments={turns} active={playback.active} onSeek={playback.seek} />
              </Box>
            </Section>
          }
        />
      )}
      {!together && session.tiene_video && (
        <Section title={T.video}>
          <PatientVideo session={session} videoRef={playback.videoRef} />
        </Section>
      )}
      {!together && (transcript || session.tiene_video) && (
        <Section title={T.transcript}>
          <InfoGrid columns={2}>
            <InfoField label={T.voices} value={voicesText(session.num_voces)} wide />
          </InfoGrid>
          {transcript && (
            <Box
              sx={{ mt: 2, border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, bgcolor: 'grey.50' }}
              data-testid="my-session-transcript"
            >
              {turns.length > 0 ? (
                <TranscriptTimeline segments={turns} active={playback.active} onSeek={playback.seek} />
              ) : (
                <LongText>{transcript}</LongText>
              )}
            </Box>
          )}
        </Section>
      )}

      {analysis && (
        <Section title={T.analysis}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {T.analysisHint}
          </Typography>
          <Box sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1.75, py: 0.5 }} data-testid="my-session-analysis">
            <LongText>{analysis}</LongText>
          </Box>
        </Section>
      )}

      {empty && (
        <Typography color="text.secondary" data-testid="my-session-empty">
          {MSG.patientArea.noContent}
        </Typography>
      )}
    </Stack>
  );
}
