import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MSG, SESSION_LIMITS, isDraftBusy, type Session, type SessionDraftListItem } from '@consulta/shared';
import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useAiConfigured } from '../../../app/core/publicConfig';
import { reportError } from '../../../app/core/reportError';
import { getStoredUser } from '../../../app/core/session';
import { FormProblems, useFieldErrors } from '../../../components/forms';
import { SubmitButton } from '../../../components/SubmitButton';
import { toast, toastError, toastSuccess } from '../../../components/toast/toastStore';
import { useUnsavedChanges } from '../../../components/unsaved/useUnsavedChanges';
import { WORKSPACE_TEXT } from '../../../i18n/es/workspace';
import { NEW_SESSION_TEXT } from '../../../i18n/es/new-session';
import { SessionFormFields } from '../SessionFormFields';
import { useFormSessionTypes } from '../../session-types/sessionTypeQueries';
import {
  SESSION_SERVER_FIELDS,
  customTypeOf,
  sessionFieldErrors,
  toLocalDateTime,
  toSessionPayload,
  type SessionFieldName,
} from '../sessionForm';
import { appointmentAskedByLink, withoutAppointment } from './appointmentLink';
import type { DraftEvents } from './draftAutosaver';
import { shortDraftId } from './draftFormat';
import { DeleteDraftDialog } from './DeleteDraftDialog';
import { DraftAiSection } from './DraftAiSection';
import { DRAFT_PROCESSING_TEXT } from '../../../i18n/es/draft-processing';
import { DraftList } from './DraftList';
import { DRAFT_PARAM, PATIENT_PARAM, askedByLink, draftReturnUrl } from './draftLink';
import { PatientPicker } from './PatientPicker';
import { SaveStatus } from './SaveStatus';
import { SessionVideoSection, useSessionVideo } from './SessionVideoSection';
import { useDraftAutosave } from './useDraftAutosave';
import { useDeleteDraft, useDraftList } from './draftQueries';
import { usePatientDetail } from '../../patients/patientQueries';
import { useCreateSession, useRefreshPatient } from '../sessionQueries';

/** Enter in a one-line field does not save the session (only 'Guardar Sesión' does). */
const keepEnterInField = (event: KeyboardEvent) => {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
};

/** A session is saved for the signed-in therapist: without one (the stored user is gone), sign in again. */
function therapistProblem(): string | null {
  const user = getStoredUser();
  return user?.role === 'terapeuta' && user.id ? null : MSG.sessions.therapistRequired;
}

/**
 * 'Nueva Sesión': the patient's drafts on one side, the session being written on the other, saved
 * as a draft while the therapist types and turned into a session by 'Guardar Sesión' (then `onSaved` shows it).
 * Without `patientId` (the practice-wide page) a patient picker comes first, and the fields stay closed until a
 * patient is chosen. `?borrador=<id>` (and there `?paciente=<id>`) reopens a draft: the consent gates come back so.
 * Leaving with changes not saved yet saves them first, and asks only when that fails.
 */
export function NewSessionPanel({ patientId, onSaved }: { patientId?: string; onSaved?: (session: Session) => void }) {
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  // A link back to a draft on the practice-wide page names its patient (see below).
  const [picked, setPicked] = useState<string | null>(() => (patientId ? null : askedByLink(params).patientId));
  const patient = patientId ?? picked;
  const closed = !patient;
  const types = useFormSessionTypes();
  const list = useDraftList(patient);
  // The number the next session gets (the patient's record answers it; saving a session reads it again).
  const patientDetail = usePatientDetail(patient ?? '');
  const patientNextNumber = patient ? (patientDetail.data?.siguiente_numero_sesion ?? null) : null;
  const refreshPatient = useRefreshPatient(patient ?? '');
  const createSession = useCreateSession();
  const removeDraft = useDeleteDraft();

  const { upsert, remove } = list;
  const events = useMemo<DraftEvents>(
    () => ({
      changed: upsert,
      gone: remove,
      recreating: () => toast({ title: MSG.drafts.gone, variant: 'info' }),
      busyLoading: () => toast({ title: MSG.drafts.waitLoading, variant: 'warning' }),
      switchBlocked: () => toastError(WORKSPACE_TEXT.newSession.draftSaveFailed, WORKSPACE_TEXT.newSession.changesKept),
      loadFailed: (error) => reportError(error, MSG.drafts.loadFailed),
      progressFailed: (error) => reportError(error, MSG.drafts.progressCheckFailed),
      savedElsewhere: () => toast({ title: MSG.drafts.savedElsewhere, variant: 'info' }),
    }),
    [upsert, remove],
  );
  const { form, draft, save, loading, saver } = useDraftAutosave({ patientId: patient, types, events });
  const [saving, setSaving] = useState(false);
  const [savingDraft, setSavingDraft] = useState(false);
  const marks = useFieldErrors<SessionFieldName | 'paciente'>();
  const [toDelete, setToDelete] = useState<SessionDraftListItem | null>(null);
  const [deleting, setDeleting] = useState(false);
  const video = useSessionVideo(saver, draft);
  const busy = saving || loading;
  const aiConfigured = useAiConfigured();
  const jobRunning = Boolean(draft && isDraftBusy(draft.estado));
  // No empty card: the list shows once the patient has a draft (or when it could not be read).
  const showList = Boolean(patient) && (list.failed || list.drafts.length > 0 || Boolean(draft));
  const consentReturn = draftReturnUrl(pathname, draft?.id ?? null, patientId ? null : patient);

  const leave = useUnsavedChanges({
    dirty: () => video.busy || saver.hasUnsavedTyping(),
    // Another page: what is pending is saved first (asked only if that fails, or if nothing can be saved yet).
    saveFirst: () => (saving || video.busy ? Promise.resolve(false) : saver.flush()),
    // The tab: pending changes leave with the page (keepalive), unless saving fails or there is no draft yet.
    warnOnUnload: save.kind === 'error' || (!draft && saver.hasUnsavedTyping()),
  });

  // A link back to a draft opens it once (the query is then dropped, so a reload starts from the list).
  const asked = askedByLink(params);
  const handled = useRef<string | null>(null);
  const resetVideo = video.reset;
  useEffect(() => {
    const key = `${asked.patientId}|${asked.draftId}`;
    if ((!asked.draftId && !asked.patientId) || handled.current === key) return;
    handled.current = key;
    if (asked.draftId) {
      resetVideo();
      void saver.open(asked.draftId);
    }
    setParams(
      (current) => {
        current.delete(DRAFT_PARAM);
        current.delete(PATIENT_PARAM);
        return current;
      },
      { replace: true },
    );
  }, [asked.draftId, asked.patientId, saver, resetVideo, setParams]);

  // 'Registrar sesión' from an appointment: its day, duration and id fill the new session (where the form starts);
  // once a draft carries them the query is dropped, so a reload finds that draft in the list.
  const fromAppointment = appointmentAskedByLink(params);
  const appointmentId = fromAppointment?.id ?? null;
  const appointmentStart = fromAppointment?.start ?? '';
  const appointmentMinutes = fromAppointment?.minutes ?? null;
  const filledFor = useRef<string | null>(null);
  const hasDraft = Boolean(draft);
  useEffect(() => {
    if (!appointmentId) return;
    if (hasDraft) {
      setParams((current) => withoutAppointment(current), { replace: true });
      return;
    }
    if (filledFor.current === appointmentId || loading) return;
    filledFor.current = appointmentId;
    saver.prefill({
      cita_id: appointmentId,
      ...(appointmentStart ? { fecha: toLocalDateTime(appointmentStart) } : {}),
      ...(appointmentMinutes ? { duracion_minutos: String(appointmentMinutes) } : {}),
    });
  }, [appointmentId, appointmentStart, appointmentMinutes, hasDraft, loading, saver, setParams]);

  /** Switching drafts waits for the video: its key goes to the draft that was open when the upload started. */
  function switchDraft(open: () => Promise<void>) {
    if (video.busy) {
      toast({ title: WORKSPACE_TEXT.newSession.waitUpload, variant: 'warning' });
      return;
    }
    video.reset();
    void open();
  }

  async function saveSession(event: FormEvent) {
    event.preventDefault();
    const type = customTypeOf(form.tipo, types);
    if (!patient) {
      marks.reveal({ paciente: MSG.sessions.patientRequired });
      return;
    }
    // A refused save marks each field at fault, focuses the first and says in the action area what is missing.
    if (marks.reveal(sessionFieldErrors(form, type))) return;
    const problem = therapistProblem();
    if (problem) {
      toastError(MSG.sessions.saveFailed, problem);
      return;
    }
    setSaving(true);
    const videoKey = video.attachedKey;
    try {
      let saved: Session | null = null;
      await saver.finalize(async (draftId) => {
        saved = await createSession.mutateAsync({
          ...toSessionPayload(form, type),
          video_url: videoKey,
          paciente_id: patient,
          draft_id: draftId,
        });
      });
      video.reset();
      toastSuccess(MSG.sessions.saved);
      list.reload();
      void refreshPatient();
      if (saved) onSaved?.(saved);
    } catch (error) {
      if (!marks.revealServer(error, SESSION_SERVER_FIELDS)) reportError(error, MSG.sessions.saveFailed);
    } finally {
      setSaving(false);
    }
  }

  async function saveDraftNow() {
    setSavingDraft(true);
    try {
      if (await saver.flush()) toastSuccess(MSG.drafts.updated);
      else toastError(WORKSPACE_TEXT.newSession.draftSaveFailed, WORKSPACE_TEXT.newSession.changesKept);
    } finally {
      setSavingDraft(false);
    }
  }

  async function deleteDraft() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await saver.discard(toDelete.id, () => removeDraft.mutateAsync(toDelete.id));
      toastSuccess(WORKSPACE_TEXT.newSession.draftDeleted);
      setToDelete(null);
    } catch (error) {
      reportError(error, MSG.drafts.deleteFailed);
    } finally {
      setDeleting(false);
    }
  }

  const set = (patch: Partial<typeof form>) => saver.setForm({ ...form, ...patch });

  return (
    <Box sx={{ containerType: 'inline-size' }} {...marks.root}>
      {!patientId && (
        <Card sx={{ p: { xs: 2, sm: 2.5 }, mb: 2.5 }}>
          <Box sx={{ maxWidth: 520 }} data-field="paciente">
            <PatientPicker
              value={picked}
              onChange={(id) => {
                marks.clear('paciente');
                setPicked(id);
              }}
              disabled={busy || video.busy}
            />
          </Box>
        </Card>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          alignItems: 'start',
          gridTemplateColumns: 'minmax(0, 1fr)',
          ...(showList && { '@container (min-width: 840px)': { gridTemplateColumns: 'minmax(300px, 34%) minmax(0, 1fr)' } }),
        }}
      >
        {showList && (
          <DraftList
            drafts={list.drafts}
            types={types}
            loading={list.loading}
            failed={list.failed}
            hasPatient={Boolean(patient)}
            openId={draft?.id ?? null}
            saver={saver}
            onOpen={(d) => switchDraft(() => saver.open(d.id))}
            onNew={() => switchDraft(() => saver.startNew())}
            onDelete={setToDelete}
            onRetry={list.reload}
          />
        )}

        <Card component="section" aria-labelledby="session-editor-title" sx={{ position: 'relative', overflow: 'hidden' }}>
          {busy && (
            <LinearProgress aria-label={WORKSPACE_TEXT.newSession.loadingDraft} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
          )}
          <Box component="form" noValidate onSubmit={saveSession} onKeyDown={keepEnterInField} sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack
              direction="row"
              sx={{ alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mb: 2 }}
            >
              <Typography id="session-editor-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                {draft ? (
                  <>
                    {WORKSPACE_TEXT.newSession.draft}{' '}
                    <Box component="span" sx={{ fontFamily: 'monospace', color: 'text.secondary', fontWeight: 500 }}>
                      {shortDraftId(draft.id)}
                    </Box>
                  </>
                ) : (
                  WORKSPACE_TEXT.newSession.title
                )}
              </Typography>
              <SaveStatus save={save} />
            </Stack>

            {form.cita_id && (
              <Alert severity="info" data-testid="session-from-appointment" sx={{ mb: 2 }}>
                {NEW_SESSION_TEXT.fromAppointment}
              </Alert>
            )}
            {closed && (
              <Alert severity="info" data-testid="choose-patient-first" sx={{ mb: 2 }}>
                {NEW_SESSION_TEXT.choosePatientFirst}
              </Alert>
            )}
            <Stack spacing={2} sx={{ mb: 2 }}>
              <TextField
                label={WORKSPACE_TEXT.newSession.draftTitle}
                disabled={busy || closed}
                value={form.titulo}
                onChange={(e) => set({ titulo: e.target.value })}
                placeholder={WORKSPACE_TEXT.newSession.untitledDraft}
                slotProps={{ htmlInput: { maxLength: SESSION_LIMITS.titleMax } }}
              />
              <TextField
                label={WORKSPACE_TEXT.newSession.description}
                disabled={busy || closed}
                value={form.descripcion}
                onChange={(e) => set({ descripcion: e.target.value })}
                multiline
                minRows={1}
                maxRows={4}
              />
            </Stack>

            <SessionFormFields
              form={form}
              onChange={(next) => saver.setForm(next)}
              types={types}
              nextNumber={draft?.numero_sesion_siguiente ?? patientNextNumber}
              jobLocked={jobRunning}
              contentTabs={false}
              disabled={busy || closed}
              analysisPublication="onSave"
              marks={marks}
            />

            {/* The work in its order: the video, its transcript, then the analysis. While a job runs the server
                refuses a video change (DRAFT_BUSY): upload and 'Quitar' wait. */}
            <SessionVideoSection patientId={patient} video={video} disabled={busy || jobRunning} consentReturn={consentReturn} />

            <DraftAiSection
              draft={draft}
              patientId={patient}
              form={form}
              saver={saver}
              aiConfigured={aiConfigured}
              disabled={busy || closed}
              uploading={video.busy}
              jobLocked={jobRunning}
              consentReturn={consentReturn}
            />

            <FormProblems summary={marks.summary} sx={{ mt: 3 }} />
            <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end', mt: 3 }}>
              <Button
                variant="outlined"
                startIcon={<SaveOutlined />}
                onClick={() => void saveDraftNow()}
                disabled={busy || savingDraft || !form.tipo || !patient}
              >
                {WORKSPACE_TEXT.newSession.saveDraft}
              </Button>
              <SubmitButton
                busy={saving}
                disabled={saving || loading || video.busy || !form.tipo || jobRunning}
                label={WORKSPACE_TEXT.newSession.saveSession}
                busyLabel={WORKSPACE_TEXT.newSession.savingSession}
                size="medium"
                aria-describedby={jobRunning && !saving ? 'save-waits-for-job' : undefined}
              />
            </Stack>
            {/* The server refuses a save while a job holds the draft (409): the button waits, and says why. */}
            {jobRunning && !saving && (
              <Typography
                id="save-waits-for-job"
                variant="body2"
                color="text.secondary"
                data-testid="save-waits-for-job"
                sx={{ mt: 1, textAlign: { sm: 'right' } }}
              >
                {DRAFT_PROCESSING_TEXT.saveWaits}
              </Typography>
            )}
          </Box>
        </Card>
      </Box>
      <DeleteDraftDialog draft={toDelete} deleting={deleting} onCancel={() => setToDelete(null)} onConfirm={() => void deleteDraft()} />
      {leave.prompt}
    </Box>
  );
}
