import { useEffect, useRef, useState } from 'react';
import { useAgendaZone } from '../../agenda/agendaQueries';
import { PatientInfoForm } from './PatientInfoForm';
import { PatientInfoView } from './PatientInfoView';
import type { PatientTabProps } from './tabTypes';

/** 'Información del Paciente': the record, and its edit mode. */
export function PatientInfoTab({ patient }: PatientTabProps) {
  const [editing, setEditing] = useState(false);
  const [returned, setReturned] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const { zone } = useAgendaZone();

  // Back from the form, keyboard focus returns to 'Editar' (and the page scrolls to it).
  useEffect(() => {
    if (!editing && returned) editButton.current?.focus();
  }, [editing, returned]);

  if (editing) {
    return (
      <PatientInfoForm
        patient={patient}
        zone={zone}
        onDone={() => {
          setEditing(false);
          setReturned(true);
        }}
      />
    );
  }
  return <PatientInfoView patient={patient} zone={zone} onEdit={() => setEditing(true)} editRef={editButton} />;
}
