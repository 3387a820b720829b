import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { fileNameOfKey, type Session, type TranscriptSegment } from '@consulta/shared';
import { useEffect, useMemo, useRef, type ReactNode, type Ref } from 'react';
import { InfoField, InfoGrid, LongText } from '../../components/InfoBlock';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import { LOCALE } from '../../i18n/format';
import { useSessionVideoDownload, useSessionVideoLink } from './sessionQueries';
import { customFieldEntries, fieldValueText } from '../../components/sessions/sessionFormat';
import { SessionVideoPlayer } from '../../shell/sessions/SessionVideoPlayer';
import { PlayerWithTranscript } from '../../components/sessions/PlayerWithTranscript';
import { useAppBarCover } from '../../shell/useAppBarCover';
import { TranscriptTimeline, type MarkedTurn } from '../../components/sessions/TranscriptTimeline';
import { turnAt } from '../../components/sessions/transcriptTurns';
import { HighlightedFragment } from '../search/HighlightedFragment';
import { useTranscriptPlayback } from '../../components/sessions/useTranscriptPlayback';

const T = WORKSPACE_TEXT.sessions;
const F = T.fields;

const present = (value: string | null | undefined): value is string => Boolean(value && value.trim());

/** One titled part of the session detail. */
export function DetailSection({ title, children, ref }: { title: string; children: ReactNode; ref?: Ref<HTMLDivElement> }) {
  return (
    // Scrolled to, it stops 24 px below the app bar (the shell's scroll padding keeps it clear of the bar itself).
    <Box component="section" aria-label={title} ref={ref} sx={{ scrollMarginTop: 24 }}>
      <Divider sx={{ my: 2.5 }} />
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** What the therapist wrote: notes and topics, or intention, medicine, amount and observations. */
export function SessionContentSection({ session }: { session: Session }) {
  const long = [
    { label: F.notes, value: session.notas },
    { label: F.topics, value: session.temas_importantes },
    { label: F.intention, value: session.intencion },
    { label: F.observations, value: session.observaciones },
  ].filter((f) => present(f.value));
  const medicine = present(session.tipo_medicina) ? session.tipo_medicina : null;
  const amount = session.cantidad === null || session.cantidad === undefined ? null : session.cantidad.toLocaleString(LOCALE);
  const empty = long.length === 0 && !medicine && amount === null;
  return (
    <DetailSection title={T.blocks.content}>
      {empty ? (
        <Typography variant="body2" color="text.secondary">
          {T.noContent}
        </Typography>
      ) : (
        <InfoGrid columns={2}>
          {medicine && <InfoField label={F.medicine} value={medicine} />}
          {amount !== null && <InfoField label={F.amount} value={amount} />}
          {long.map((f) => (
            <InfoField key={f.label} label={f.label} value={<LongText>{f.value}</LongText>} wide />
          ))}
        </InfoGrid>
      )}
    </DetailSection>
  );
}

/** The custom type's fields ('Campos específicos'): name and value. */
export function SessionCustomFieldsSection({ session }: { session: Session }) {
  const entries = customFieldEntries(session.campos_datos);
  if (entries.length === 0) return null;
  return (
    <DetailSection title={T.blocks.customFields}>
      <InfoGrid columns={2}>
        {entries.map(([name, value]) => (
          <InfoField key={name} label={name} value={<LongText>{fieldValueText(value)}</LongText>} />
        ))}
      </InfoGrid>
    </DetailSection>
  );
}

/** The player on the therapist's download call (GET /sesiones/{id}/download-video). */
function TherapistSessionVideo({ session, videoRef }: { session: Session; videoRef: (video: HTMLVideoElement | null) => void }) {
  const link = useSessionVideoLink(session.id, true);
  const requestDownload = useSessionVideoDownload(session.id);
  return (
    <SessionVideoPlayer
      numero={session.numero_sesion}
      link={link}
      requestDownload={requestDownload}
      fallbackName={session.video_url ? fileNameOfKey(session.video_url) : ''}
      videoRef={videoRef}
    />
  );
}

/** A field's name above its value, outside a list of fields. */
function FieldLabel({ children }: { children: ReactNode }) {
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ fontWeight: 600, mb: 0.5 }}>
      {children}
    </Typography>
  );
}

/**
 * The video (a player and 'Descargar') and the transcript. A transcript with its turns' times moves with the video,
 * the player staying in view while it is read (PlayerWithTranscript); `startAt` (a search result's moment) opens
 * both there, that turn in view with its words `marked` (the search's query).
 */
export function SessionRecordingSection({
  session,
  startAt = null,
  marked = null,
}: {
  session: Session;
  startAt?: number | null;
  marked?: string | null;
}) {
  const segments = session.transcripcion_segmentos ?? NO_TURNS;
  const playback = useTranscriptPlayback(segments, startAt);
  // Stuck at the top of the page, the player stays under the app bar while the bar is shown.
  const appBarCover = useAppBarCover();
  const section = useRef<HTMLDivElement>(null);
  const withTurns = segments.length > 0;
  // With turns, the turn opened is brought into view by the transcript itself.
  useEffect(() => {
    if (startAt !== null && !withTurns) section.current?.scrollIntoView({ block: 'start' });
  }, [startAt, withTurns]);
  const mark = useMemo<MarkedTurn | null>(
    () =>
      startAt !== null && marked?.trim()
        ? { index: turnAt(segments, startAt), render: (text) => <HighlightedFragment text={text} query={marked} /> }
        : null,
    [segments, startAt, marked],
  );
  if (withTurns && session.video_url) {
    return (
      <DetailSection title={T.blocks.recording} ref={section}>
        <PlayerWithTranscript
          stickyTop={appBarCover}
          player={
            <>
              <FieldLabel>{F.video}</FieldLabel>
              <TherapistSessionVideo session={session} videoRef={playback.videoRef} />
            </>
          }
          transcript={
            <>
              <FieldLabel>{T.transcript}</FieldLabel>
              <TranscriptTimeline segments={segments} active={playback.active} onSeek={playback.seek} mark={mark} />
            </>
          }
        />
      </DetailSection>
    );
  }
  let transcript: ReactNode = T.noTranscript;
  if (withTurns) transcript = <TranscriptTimeline segments={segments} active={playback.active} mark={mark} />;
  else if (present(session.transcripcion)) transcript = <LongText>{session.transcripcion}</LongText>;
  return (
    <DetailSection title={T.blocks.recording} ref={section}>
      <InfoGrid columns={2}>
        {session.video_url ? (
          <InfoField label={F.video} value={<TherapistSessionVideo session={session} videoRef={playback.videoRef} />} wide />
        ) : (
          <InfoField label={F.video} value={T.noVideo} missing />
        )}
        <InfoField label={T.transcript} value={transcript} missing={!present(session.transcripcion)} wide />
      </InfoGrid>
    </DetailSection>
  );
}

const NO_TURNS: TranscriptSegment[] = [];
