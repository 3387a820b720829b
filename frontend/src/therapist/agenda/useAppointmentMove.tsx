import Box from '@mui/material/Box';
import DialogContentText from '@mui/material/DialogContentText';
import {
  formatAppointmentTime,
  type Appointment,
  type AppointmentConflict,
  type AppointmentScope,
  type UpdateAppointmentPayload,
} from '@consulta/shared';
import { useState, type ReactElement } from 'react';
import { reportError } from '../../app/core/reportError';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { toastSuccess } from '../../components/toast/toastStore';
import { AGENDA_TEXT } from '../../i18n/es/agenda';
import { fullName } from '../patients/patientFormat';
import { overlapConflicts } from './appointmentErrors';
import { useUpdateAppointment } from './agendaQueries';
import { ScopeDialog } from './ScopeDialog';

/** A move waiting for an answer: the appointment, its PATCH and how to put it back where it was. */
interface PendingMove {
  appointment: Appointment;
  payload: UpdateAppointmentPayload;
  revert: () => void;
}

/**
 * Moving an appointment with the mouse (a drag or a resize in the calendar): for one of a series, 'Solo esta cita'
 * or 'Esta y las siguientes' first; an overlap asks 'Guardar igualmente'; anything refused goes back where it was.
 */
export function useAppointmentMove(zone: string): { move: (pending: PendingMove) => void; element: ReactElement } {
  const update = useUpdateAppointment();
  const [asking, setAsking] = useState<PendingMove | null>(null);
  const [overlap, setOverlap] = useState<{ pending: PendingMove; conflicts: AppointmentConflict[] } | null>(null);

  async function send(pending: PendingMove) {
    try {
      await update.mutateAsync({ id: pending.appointment.id, payload: pending.payload });
      toastSuccess(AGENDA_TEXT.moved);
      setOverlap(null);
    } catch (error) {
      const conflicts = overlapConflicts(error);
      if (conflicts && !pending.payload.permitir_solapamiento) {
        setOverlap({ pending, conflicts });
        return;
      }
      setOverlap(null);
      pending.revert();
      reportError(error, AGENDA_TEXT.moveFailed);
    }
  }

  function move(pending: PendingMove) {
    if (pending.appointment.serie_id) setAsking(pending);
    else void send(pending);
  }

  function choose(scope: AppointmentScope) {
    if (!asking) return;
    setAsking(null);
    void send({ ...asking, payload: { ...asking.payload, alcance: scope } });
  }

  const element = (
    <>
      <ScopeDialog
        open={asking !== null}
        text={AGENDA_TEXT.scope.moveText}
        onChoose={choose}
        onCancel={() => {
          asking?.revert();
          setAsking(null);
        }}
      />
      <ConfirmDialog
        id="move-overlap"
        open={overlap !== null}
        title={AGENDA_TEXT.overlap.title}
        action={{ label: AGENDA_TEXT.overlap.saveAnyway, color: 'primary' }}
        cancelLabel={AGENDA_TEXT.scope.back}
        busy={update.isPending}
        onCancel={() => {
          overlap?.pending.revert();
          setOverlap(null);
        }}
        onConfirm={() => overlap && void send({ ...overlap.pending, payload: { ...overlap.pending.payload, permitir_solapamiento: true } })}
      >
        <DialogContentText>{AGENDA_TEXT.overlap.text}</DialogContentText>
        <Box component="ul" sx={{ pl: 2.5, mb: 0 }}>
          {overlap?.conflicts.map((c) => (
            <li key={c.id}>{AGENDA_TEXT.overlap.item(formatAppointmentTime(c.inicio, zone), fullName(c.paciente))}</li>
          ))}
        </Box>
      </ConfirmDialog>
    </>
  );
  return { move, element };
}
