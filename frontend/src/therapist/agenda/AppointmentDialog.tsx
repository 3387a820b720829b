import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import PostAddOutlined from '@mui/icons-material/PostAddOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import {
  type Appointment,
  type AppointmentConflict,
  type AppointmentScope,
  type CancelAppointmentPayload,
  type CreateAppointmentPayload,
  type UpdateAppointmentPayload,
} from '@consulta/shared';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { reportError } from '../../app/core/reportError';
import { serverFieldErrors, useFieldErrors } from '../../components/forms';
import { AppointmentStateChip } from '../../components/agenda/AppointmentStateChip';
import { toastSuccess } from '../../components/toast/toastStore';
import { hasChanged } from '../../components/unsaved/hasChanged';
import { useUnsavedChanges } from '../../components/unsaved/useUnsavedChanges';
import { AGENDA_TEXT } from '../../i18n/es/agenda';
import { fullName } from '../patients/patientFormat';
import { usePatients } from '../patients/patientQueries';
import { useTherapistProfile } from '../profile/profileQueries';
import { newSessionFromAppointmentUrl } from '../sessions/new-session/appointmentLink';
import { sessionDetailUrl } from '../sessions/sessionLinks';
import { AppointmentFacts } from './AppointmentFacts';
import { AppointmentFields } from './AppointmentFields';
import { overlapConflicts } from './appointmentErrors';
import {
  appointmentToForm,
  emptyAppointmentForm,
  APPOINTMENT_SERVER_FIELDS,
  toCreatePayload,
  toUpdatePayload,
  validateAppointment,
  type AppointmentErrors,
  type AppointmentForm,
} from './appointmentForm';
import { useCancelAppointment, useCreateAppointment, useUpdateAppointment } from './agendaQueries';
import { CancelAppointmentDialog } from './CancelAppointmentDialog';
import { OverlapAlert } from './OverlapAlert';
import { ScopeDialog } from './ScopeDialog';
import { whatsappReminderUrl } from './whatsappReminder';
import { DialogActionBar } from '../../components/DialogActionBar';
import { TitledDialog } from '../../components/TitledDialog';

const D = AGENDA_TEXT.dialog;

/** What the dialog opens on: a new appointment (at a clicked slot, for a patient) or an existing one. */
export type AppointmentTarget =
  { mode: 'create'; start?: Date | string | null; patientId?: string } | { mode: 'edit'; appointment: Appointment };

/** A save refused for an overlap: what is in the way, and the same save insisting. */
interface Overlap {
  conflicts: AppointmentConflict[];
  insist: () => void;
}

/**
 * The appointment dialog: a new appointment (patient, start, duration, mode, place, notes, repetition) or an
 * existing one (its facts; move it by its day and time, change its duration, mode, place, notes or state; cancel
 * it; register its session; remind the patient by WhatsApp). An overlap is shown with 'Guardar igualmente'; a
 * change to an appointment of a series asks whether the later ones change too. It is also the keyboard's way to
 * move an appointment (the calendar's drag and drop is the mouse's).
 */
export function AppointmentDialog({ target, zone, onClose }: { target: AppointmentTarget; zone: string; onClose: () => void }) {
  const navigate = useNavigate();
  const appointment = target.mode === 'edit' ? target.appointment : null;
  const isNew = appointment === null;
  const patientFixed = target.mode === 'create' && Boolean(target.patientId);
  const [start] = useState<AppointmentForm>(() =>
    target.mode === 'edit'
      ? appointmentToForm(target.appointment, zone)
      : emptyAppointmentForm({ zone, start: target.start, patientId: target.patientId }),
  );
  const [form, setForm] = useState(start);
  const [errors, setErrors] = useState<AppointmentErrors>({});
  const marks = useFieldErrors({ errors });
  const [submitted, setSubmitted] = useState(false);
  const [overlap, setOverlap] = useState<Overlap | null>(null);
  const [askScope, setAskScope] = useState<UpdateAppointmentPayload | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const create = useCreateAppointment();
  const update = useUpdateAppointment();
  const cancel = useCancelAppointment();
  const patients = usePatients();
  const profile = useTherapistProfile();
  const saving = create.isPending || update.isPending;
  const readOnly = appointment?.estado === 'cancelada';
  const leave = useUnsavedChanges({ dirty: !saving && hasChanged(form, start) });
  const close = () => !saving && !cancel.isPending && leave.confirm(onClose);

  const patient = appointment ? patients.data?.find((p) => p.id === appointment.paciente_id) : undefined;
  const whatsapp = appointment && !readOnly ? whatsappReminderUrl(patient, appointment, zone, profile.data?.name ?? null) : null;

  const change = (next: AppointmentForm) => {
    setForm(next);
    setOverlap(null);
    if (submitted) setErrors(validateAppointment(next, zone, isNew));
  };

  /** Runs a save; an overlap keeps the dialog open with its conflicts and 'Guardar igualmente'. */
  async function run(save: () => Promise<number>, again: () => void) {
    setOverlap(null);
    try {
      const count = await save();
      toastSuccess(isNew ? D.created(count) : D.updated(count));
      onClose();
    } catch (error) {
      const conflicts = overlapConflicts(error);
      const named = serverFieldErrors<keyof AppointmentForm>(error, null, APPOINTMENT_SERVER_FIELDS);
      if (conflicts) setOverlap({ conflicts, insist: again });
      else if (Object.keys(named).length > 0) {
        setErrors(named);
        marks.reveal(named);
      } else reportError(error, D.saveFailed);
    }
  }

  function createWith(payload: CreateAppointmentPayload) {
    void run(
      async () => (await create.mutateAsync(payload)).citas.length,
      () => createWith({ ...payload, permitir_solapamiento: true }),
    );
  }

  function updateWith(id: string, payload: UpdateAppointmentPayload) {
    void run(
      async () => (await update.mutateAsync({ id, payload })).citas.length,
      () => updateWith(id, { ...payload, permitir_solapamiento: true }),
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (readOnly) return;
    setSubmitted(true);
    const found = validateAppointment(form, zone, isNew);
    setErrors(found);
    // Refused: each field marked, the first focused, what is missing said beside the button.
    if (marks.reveal(found)) return;
    if (!appointment) return createWith(toCreatePayload(form, zone));
    const payload = toUpdatePayload(form, start, zone);
    if (Object.keys(payload).length === 0) return onClose();
    if (appointment.serie_id) setAskScope(payload);
    else updateWith(appointment.id, payload);
  }

  function chooseScope(scope: AppointmentScope) {
    const payload = askScope;
    setAskScope(null);
    if (appointment && payload) updateWith(appointment.id, { ...payload, alcance: scope });
  }

  async function confirmCancel(payload: CancelAppointmentPayload) {
    if (!appointment) return;
    try {
      const answer = await cancel.mutateAsync({ id: appointment.id, payload });
      toastSuccess(AGENDA_TEXT.cancel.done(answer.citas.length));
      setCancelling(false);
      onClose();
    } catch (error) {
      reportError(error, AGENDA_TEXT.cancel.failed);
    }
  }

  const title = appointment ? D.editTitle(fullName(appointment.paciente)) : D.createTitle;
  return (
    <TitledDialog
      id="appointment-dialog"
      title={
        <>
          <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {title}
          </Box>
          {appointment && <AppointmentStateChip state={appointment.estado} />}
        </>
      }
      titleSx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', pr: 3 }}
      open
      onClose={close}
      fullScreenOnPhone
      maxWidth="sm"
    >
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }} {...marks.root}>
        <DialogContent dividers>
          {appointment && (
            <>
              <AppointmentFacts appointment={appointment} zone={zone} />
              <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mb: 2.5 }}>
                {!readOnly && !appointment.sesion_id && (
                  <Button
                    variant="outlined"
                    startIcon={<PostAddOutlined />}
                    onClick={() => leave.confirm(() => navigate(newSessionFromAppointmentUrl(appointment)))}
                  >
                    {D.registerSession}
                  </Button>
                )}
                {appointment.sesion_id && (
                  <Button variant="outlined" component={RouterLink} to={sessionDetailUrl(appointment.paciente_id, appointment.sesion_id)}>
                    {D.viewSession}
                  </Button>
                )}
                {whatsapp && (
                  <Button
                    variant="outlined"
                    color="success"
                    startIcon={<WhatsApp />}
                    href={whatsapp}
                    target="_blank"
                    rel="noopener noreferrer"
                    title={D.whatsappHint}
                  >
                    {D.whatsapp}
                  </Button>
                )}
                {!readOnly && (appointment.estado === 'programada' || appointment.estado === 'confirmada') && (
                  <Button variant="outlined" color="error" startIcon={<EventBusyOutlined />} onClick={() => setCancelling(true)}>
                    {D.cancelAppointment}
                  </Button>
                )}
              </Stack>
            </>
          )}
          {overlap && <OverlapAlert conflicts={overlap.conflicts} zone={zone} busy={saving} onSaveAnyway={overlap.insist} />}
          {readOnly ? (
            <Alert severity="info">{D.cancelledReadOnly}</Alert>
          ) : (
            <AppointmentFields form={form} errors={errors} onChange={change} isNew={isNew} patientFixed={patientFixed} disabled={saving} />
          )}
        </DialogContent>
        {readOnly ? (
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button onClick={close} color="inherit">
              {D.close}
            </Button>
          </DialogActions>
        ) : (
          <DialogActionBar
            problems={marks.summary}
            onCancel={close}
            busy={saving}
            label={isNew ? D.save : D.saveChanges}
            busyLabel={D.saving}
          />
        )}
      </Box>
      <ScopeDialog open={askScope !== null} text={AGENDA_TEXT.scope.editText} onChoose={chooseScope} onCancel={() => setAskScope(null)} />
      {cancelling && appointment && (
        <CancelAppointmentDialog
          appointment={appointment}
          zone={zone}
          busy={cancel.isPending}
          onCancel={() => setCancelling(false)}
          onConfirm={(payload) => void confirmCancel(payload)}
        />
      )}
      {leave.prompt}
    </TitledDialog>
  );
}
