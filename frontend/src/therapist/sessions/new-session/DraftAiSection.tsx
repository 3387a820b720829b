import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import SubtitlesOutlined from '@mui/icons-material/SubtitlesOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DRAFT_STATUS_TEXT, MSG, type SessionDraft } from '@consulta/shared';
import { useState, type ReactNode } from 'react';
import { reportError } from '../../../app/core/reportError';
import { toastError, toastSuccess } from '../../../components/toast/toastStore';
import { WORKSPACE_TEXT } from '../../../i18n/es/workspace';
import { draftAiActions } from '../aiActions';
import { useConsentGiven } from '../../consents/consentQueries';
import { MissingConsent } from '../../consents/MissingConsent';
import { ConfirmReplaceDialog, type ReplaceQuestion } from '../ConfirmReplaceDialog';
import { SessionAnalysisFields } from '../SessionAnalysisFields';
import { SessionTranscriptField } from '../SessionTranscriptField';
import type { SessionForm } from '../sessionForm';
import type { DraftAutosaver } from './draftAutosaver';
import { DraftNotSavedError, type DraftJob } from './draftJobControl';
import { DraftJobStatus } from './DraftJobStatus';
import { PanelSection } from './PanelSection';

const T = WORKSPACE_TEXT.ai;

const STARTED: Record<DraftJob, string> = { transcription: MSG.ai.transcriptionStarted, analysis: MSG.ai.analysisStarted };
const START_FAILED: Record<DraftJob, string> = { transcription: MSG.ai.transcriptionStartFailed, analysis: MSG.ai.analysisStartFailed };

/** Starts a draft's job and says how it went (the autosaver shows its state). */
function useDraftJobs(saver: DraftAutosaver) {
  const [starting, setStarting] = useState<DraftJob | null>(null);
  async function start(job: DraftJob) {
    setStarting(job);
    try {
      await saver.startJob(job);
      toastSuccess(STARTED[job]);
    } catch (error) {
      if (error instanceof DraftNotSavedError) toastError(START_FAILED[job], T.draftNotSaved);
      else reportError(error, START_FAILED[job]);
    } finally {
      setStarting(null);
    }
  }
  return { starting, start };
}

/** One step of the work: its button (or why there is none), then what it produced. */
function AiStep({ title, action, hint, children }: { title: string; action: ReactNode; hint: string | null; children?: ReactNode }) {
  return (
    <Stack spacing={1.25} sx={{ minWidth: 0 }}>
      <Typography variant="body2" component="h4" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {action && <Box>{action}</Box>}
      {hint && (
        <Typography variant="caption" color="text.secondary" component="p">
          {hint}
        </Typography>
      )}
      {children}
    </Stack>
  );
}

/**
 * 'Transcripción y análisis IA', in the order the work happens: the processing state, then 'Transcribir video'
 * (once the draft has a video) followed by the transcript, then 'Generar análisis IA' (once there is a transcript
 * or notes) followed by the analyses. A failure is said with the same buttons to try again. Without an AI provider,
 * or without the patient's AI consent, the buttons are disabled and it says why; the transcript can still be typed.
 * Before there is a draft (no type chosen yet) only the transcript is offered.
 */
export function DraftAiSection({
  draft,
  patientId,
  form,
  saver,
  aiConfigured,
  disabled,
  uploading,
  jobLocked,
  consentReturn,
}: {
  draft: SessionDraft | null;
  patientId: string | null;
  form: SessionForm;
  saver: DraftAutosaver;
  aiConfigured: boolean;
  disabled?: boolean;
  /** A video is being uploaded or attached: the jobs wait for it (the transcript can still be typed). */
  uploading?: boolean;
  /** A job owns the transcript and the analyses: shown, not editable. */
  jobLocked: boolean;
  /** Where the consent gate comes back to once the consent is recorded. */
  consentReturn?: string;
}) {
  const actions = draft ? draftAiActions(draft, form) : null;
  const { starting, start } = useDraftJobs(saver);
  const [asking, setAsking] = useState<{ job: DraftJob; question: ReplaceQuestion } | null>(null);
  const aiAllowed = useConsentGiven(patientId, 'ia');
  const off = disabled || uploading || !aiConfigured || aiAllowed !== true || Boolean(actions?.busy) || starting !== null;
  const onChange = (next: SessionForm) => saver.setForm(next);

  function request(job: DraftJob) {
    if (!actions) return;
    const replaces = job === 'transcription' ? actions.confirmTranscribe : actions.confirmAnalyze;
    if (!replaces) return void start(job);
    setAsking({
      job,
      question:
        job === 'transcription'
          ? { title: T.confirmTranscribeTitle, text: T.confirmTranscribeText, confirm: actions.transcribe ?? T.transcribeAgain }
          : { title: T.confirmAnalyzeTitle, text: T.confirmAnalyzeText, confirm: actions.analyze ?? T.reanalyze },
    });
  }

  const spinner = (job: DraftJob) => (starting === job ? <CircularProgress size={16} color="inherit" /> : undefined);
  const button = (job: DraftJob, label: string | null | undefined, icon: ReactNode) =>
    label && (
      <Button variant="outlined" startIcon={spinner(job) ?? icon} disabled={off} onClick={() => request(job)}>
        {starting === job ? T.starting : label}
      </Button>
    );

  return (
    <PanelSection
      id="session-ai"
      testId="session-ai-section"
      icon={<AutoAwesomeOutlined fontSize="small" color="action" />}
      title={T.sectionTitle}
    >
      <Stack spacing={2} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
        {!aiConfigured && (
          <Alert severity="info" data-testid="ai-not-configured">
            {MSG.ai.notConfigured}
          </Alert>
        )}
        {aiConfigured && aiAllowed === false && patientId && <MissingConsent patientId={patientId} kind="ia" returnTo={consentReturn} />}
        {draft && <DraftJobStatus draft={draft} saver={saver} />}
        {draft?.estado === 'fallido' && (
          <Alert severity="error" data-testid="draft-job-error">
            {draft.mensaje_error || DRAFT_STATUS_TEXT.fallido}
          </Alert>
        )}
        <AiStep
          title={WORKSPACE_TEXT.sessions.transcript}
          action={button('transcription', actions?.transcribe, <SubtitlesOutlined />)}
          hint={actions?.transcribe ? null : T.needsVideo}
        >
          <SessionTranscriptField form={form} onChange={onChange} jobLocked={jobLocked} disabled={disabled} />
        </AiStep>
        <AiStep
          title={WORKSPACE_TEXT.sessions.blocks.analysis}
          action={button('analysis', actions?.analyze, <AutoAwesomeOutlined />)}
          hint={actions?.analyze ? null : T.needsContent}
        >
          {actions?.hasAnalysis && (
            <SessionAnalysisFields
              form={form}
              locked={jobLocked}
              disabled={disabled}
              publication="onSave"
              set={(patch) => onChange({ ...form, ...patch })}
            />
          )}
        </AiStep>
      </Stack>
      <ConfirmReplaceDialog
        question={asking?.question ?? null}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) void start(asking.job);
          setAsking(null);
        }}
      />
    </PanelSection>
  );
}
