import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import SubtitlesOutlined from '@mui/icons-material/SubtitlesOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DRAFT_STATUS_TEXT, MSG, type SessionDraft } from '@consulta/shared';
import { useState } from 'react';
import { reportError } from '../../../app/core/reportError';
import { toastError, toastSuccess } from '../../../components/toast/toastStore';
import { TEXT } from '../../../i18n/es/app';
import { draftAiActions } from '../aiActions';
import { useConsentGiven } from '../../consents/consentQueries';
import { MissingConsent } from '../../consents/MissingConsent';
import { ConfirmReplaceDialog, type ReplaceQuestion } from '../ConfirmReplaceDialog';
import type { SessionFormTab } from '../SessionFormFields';
import type { SessionForm } from '../sessionForm';
import { DraftNotSavedError, type DraftAutosaver, type DraftJob } from './draftAutosaver';
import { DraftJobStatus } from './DraftJobStatus';

const T = TEXT.ai;

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

/**
 * 'Transcripción y análisis IA' of the open draft: its processing state, 'Transcribir video'
 * once it has a video, 'Generar análisis IA' once it has a transcript or notes, the failure with the same buttons to
 * try again, and shortcuts to the results. Without an AI provider, or without the patient's AI consent, the buttons
 * are disabled and it says why.
 */
export function DraftAiSection({
  draft,
  form,
  saver,
  aiConfigured,
  disabled,
  onShow,
}: {
  draft: SessionDraft;
  form: SessionForm;
  saver: DraftAutosaver;
  aiConfigured: boolean;
  disabled?: boolean;
  onShow: (tab: SessionFormTab) => void;
}) {
  const actions = draftAiActions(draft, form);
  const { starting, start } = useDraftJobs(saver);
  const [asking, setAsking] = useState<{ job: DraftJob; question: ReplaceQuestion } | null>(null);
  const aiAllowed = useConsentGiven(draft.paciente_id, 'ia');
  const off = disabled || !aiConfigured || aiAllowed !== true || actions.busy || starting !== null;

  function request(job: DraftJob) {
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

  return (
    <Box component="section" aria-labelledby="session-ai-title" data-testid="session-ai-section" sx={{ mt: 2.5, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <AutoAwesomeOutlined fontSize="small" color="action" />
        <Typography id="session-ai-title" variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
          {T.sectionTitle}
        </Typography>
      </Stack>
      <Stack spacing={1.5} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
        {!aiConfigured && (
          <Alert severity="info" data-testid="ai-not-configured">
            {MSG.ai.notConfigured}
          </Alert>
        )}
        {aiConfigured && aiAllowed === false && <MissingConsent patientId={draft.paciente_id} kind="ia" />}
        <DraftJobStatus draft={draft} saver={saver} />
        {draft.estado === 'fallido' && (
          <Alert severity="error" data-testid="draft-job-error">
            {draft.mensaje_error || DRAFT_STATUS_TEXT.fallido}
          </Alert>
        )}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          useFlexGap
          sx={{ flexWrap: 'wrap', gap: 1, alignItems: { xs: 'stretch', sm: 'center' } }}
        >
          {actions.transcribe && (
            <Button
              variant="outlined"
              startIcon={spinner('transcription') ?? <SubtitlesOutlined />}
              disabled={off}
              onClick={() => request('transcription')}
            >
              {starting === 'transcription' ? T.starting : actions.transcribe}
            </Button>
          )}
          {actions.analyze && (
            <Button
              variant="outlined"
              startIcon={spinner('analysis') ?? <AutoAwesomeOutlined />}
              disabled={off}
              onClick={() => request('analysis')}
            >
              {starting === 'analysis' ? T.starting : actions.analyze}
            </Button>
          )}
          {actions.hasTranscript && !actions.busy && (
            <Button variant="text" onClick={() => onShow('transcripcion')}>
              {T.showTranscript}
            </Button>
          )}
          {actions.hasAnalysis && !actions.busy && (
            <Button variant="text" onClick={() => onShow('analisis')}>
              {T.showAnalysis}
            </Button>
          )}
        </Stack>
        {(!actions.transcribe || !actions.analyze) && (
          <Typography variant="caption" color="text.secondary" component="p">
            {[!actions.transcribe && T.needsVideo, !actions.analyze && T.needsContent].filter(Boolean).join(' ')}
          </Typography>
        )}
      </Stack>
      <ConfirmReplaceDialog
        question={asking?.question ?? null}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) void start(asking.job);
          setAsking(null);
        }}
      />
    </Box>
  );
}
