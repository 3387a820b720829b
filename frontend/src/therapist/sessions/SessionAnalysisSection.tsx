import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import PublishOutlined from '@mui/icons-material/PublishOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG, SESSION_ANALYSIS_TEXT, type Session } from '@consulta/shared';
import { useState } from 'react';
import { useAiConfigured } from '../../app/core/publicConfig';
import { InfoField, InfoGrid, LongText } from '../../components/InfoBlock';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import { sessionAnalysisView } from './aiActions';
import { ConfirmReplaceDialog } from './ConfirmReplaceDialog';
import { DetailSection } from './SessionDetailSections';
import { PublishAnalysisDialog } from './PublishAnalysisDialog';
import { useSessionAnalysis } from './useSessionAnalysis';
import { useConsentGiven } from '../consents/consentQueries';
import { MissingConsent } from '../consents/MissingConsent';

const T = WORKSPACE_TEXT.sessions;
const A = WORKSPACE_TEXT.ai;

const REGENERATE = { title: A.confirmAnalyzeTitle, text: A.confirmSessionAnalyzeText, confirm: A.reanalyze };

const present = (value: string | null | undefined): value is string => Boolean(value && value.trim());

/** Whether the patient can read the patient version: 'Publicada para el paciente', or 'No publicada' and why. */
function PublicationState({ published }: { published: boolean }) {
  return (
    <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
      <Chip
        size="small"
        label={published ? SESSION_ANALYSIS_TEXT.publicada : A.notPublished}
        color={published ? 'success' : 'default'}
        variant={published ? 'filled' : 'outlined'}
        data-testid="patient-version-status"
      />
      {!published && (
        <Typography variant="caption" color="text.secondary" sx={{ flex: '1 1 220px' }}>
          {SESSION_ANALYSIS_TEXT.pendiente}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * 'Análisis IA' of a saved session: the therapist's original and the patient version,
 * whether the patient can read it, generating them again in the background (its progress, its failure), and
 * 'Publicar para el paciente'.
 */
export function SessionAnalysisSection({ session }: { session: Session }) {
  const view = sessionAnalysisView(session);
  const aiConfigured = useAiConfigured();
  const aiAllowed = useConsentGiven(session.paciente_id, 'ia');
  const { starting, start, publish } = useSessionAnalysis(session);
  const [confirming, setConfirming] = useState(false);
  const [publishing, setPublishing] = useState(false);

  const analyze = () => (view.hasAnalysis ? setConfirming(true) : void start());

  return (
    <DetailSection title={T.blocks.analysis}>
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        {!aiConfigured && (
          <Alert severity="info" data-testid="ai-not-configured">
            {MSG.ai.notConfigured}
          </Alert>
        )}
        {aiConfigured && aiAllowed === false && <MissingConsent patientId={session.paciente_id} kind="ia" />}
        <Box role="status" aria-live="polite" data-testid="session-analysis-status" sx={{ '&:empty': { display: 'none' } }}>
          {view.generating && (
            <>
              <Typography variant="body2" sx={{ color: 'info.main', fontWeight: 600 }}>
                {SESSION_ANALYSIS_TEXT.generando}
              </Typography>
              <LinearProgress aria-label={A.generatingLabel} sx={{ mt: 0.75, borderRadius: 1 }} />
            </>
          )}
        </Box>
        {view.failed && (
          <Alert severity="error" data-testid="session-analysis-error">
            {SESSION_ANALYSIS_TEXT.fallido}
          </Alert>
        )}
        <InfoGrid columns={2}>
          <InfoField
            label={T.analysisTherapist}
            value={present(session.analisis_ia) ? <LongText maxHeight={320}>{session.analisis_ia}</LongText> : T.noAnalysis}
            missing={!present(session.analisis_ia)}
            wide
          />
          <InfoField
            label={T.analysisPatient}
            value={
              present(session.analisis_ia_paciente) ? (
                <Box data-testid="patient-version">
                  <PublicationState published={view.published} />
                  <LongText maxHeight={320}>{session.analisis_ia_paciente}</LongText>
                </Box>
              ) : (
                T.noAnalysis
              )
            }
            missing={!present(session.analisis_ia_paciente)}
            wide
          />
        </InfoGrid>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          useFlexGap
          sx={{ flexWrap: 'wrap', gap: 1, alignItems: { xs: 'stretch', sm: 'center' } }}
        >
          {view.analyze && (
            <Button
              variant="outlined"
              onClick={analyze}
              disabled={!aiConfigured || aiAllowed !== true || view.generating || starting}
              startIcon={starting ? <CircularProgress size={16} color="inherit" /> : <AutoAwesomeOutlined />}
            >
              {starting ? A.starting : view.analyze}
            </Button>
          )}
          {view.canPublish && (
            <Button variant="contained" onClick={() => setPublishing(true)} startIcon={<PublishOutlined />}>
              {A.publish}
            </Button>
          )}
        </Stack>
        {!view.analyze && (
          <Typography variant="caption" color="text.secondary" component="p">
            {A.needsContent}
          </Typography>
        )}
      </Stack>
      <ConfirmReplaceDialog
        question={confirming ? REGENERATE : null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void start();
        }}
      />
      <PublishAnalysisDialog
        open={publishing}
        initial={session.analisis_ia_paciente ?? ''}
        onClose={() => setPublishing(false)}
        onPublish={publish}
      />
    </DetailSection>
  );
}
