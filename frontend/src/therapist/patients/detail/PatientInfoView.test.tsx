import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { aPatient } from '../../../test/factories';
import { PatientInfoView } from './PatientInfoView';

const PATIENT = aPatient({
  edad: 36,
  total_sesiones: 2,
  total_tiempo_minutos: 100,
  notas_terapeuticas: 'Notas del terapeuta sobre la evolución.',
});

const renderIn = (view: ReactElement) => render(<MemoryRouter>{view}</MemoryRouter>);

describe('the patient record in view mode', () => {
  it("shows the patient's own gender and notes, labelled as theirs and apart from the therapist's notes", () => {
    renderIn(
      <PatientInfoView
        patient={{ ...PATIENT, genero: 'Mujer', notas_paciente: 'Trabajo de noche.' }}
        zone="Europe/Madrid"
        onEdit={vi.fn()}
      />,
    );
    expect(screen.getByText('Género (lo indica el paciente)').nextSibling).toHaveTextContent('Mujer');
    const own = screen.getByRole('heading', { name: 'Notas del paciente' }).closest('.MuiCard-root') as HTMLElement;
    expect(within(own).getByText('Las escribe el paciente en su perfil; solo él puede cambiarlas.')).toBeInTheDocument();
    expect(within(own).getByTestId('patient-own-notes')).toHaveTextContent('Trabajo de noche.');
    expect(within(own).queryByText(/Notas del terapeuta/)).not.toBeInTheDocument();
    const details = screen.getByRole('heading', { name: 'Detalles de la terapia' }).closest('.MuiCard-root') as HTMLElement;
    expect(within(details).getByText('Notas del terapeuta sobre la evolución.')).toBeInTheDocument();
    expect(within(details).queryByText('Trabajo de noche.')).not.toBeInTheDocument();
  });

  it('leaves the block out while the patient has written nothing', () => {
    renderIn(<PatientInfoView patient={PATIENT} zone="Europe/Madrid" onEdit={vi.fn()} />);
    expect(screen.queryByRole('heading', { name: 'Notas del paciente' })).not.toBeInTheDocument();
    expect(screen.getByText('Género (lo indica el paciente)').nextSibling).toHaveTextContent('No especificado');
  });

  it('tells the next appointment in the therapist’s zone, read-only, with the way to the patient’s appointments', () => {
    renderIn(
      <PatientInfoView patient={{ ...PATIENT, proxima_cita: '2027-03-16T09:00:00.000Z' }} zone="America/New_York" onEdit={vi.fn()} />,
    );
    const next = screen.getByText('Próxima cita').nextSibling as HTMLElement;
    expect(next).toHaveTextContent('martes, 16 de marzo de 2027, 05:00');
    expect(within(next).getByRole('link', { name: 'Ver sus citas' })).toHaveAttribute('href', '/dashboard/terapeuta/pacientes/p1/citas');
  });
});
