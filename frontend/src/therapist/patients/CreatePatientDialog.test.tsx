import { CONSENT_KIND_HELP, MSG, type InitialConsent } from '@consulta/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CreatePatientDialog } from './CreatePatientDialog';
import { CredentialsDialog } from './CredentialsDialog';
import { buildCreatePatientPayload, type CreatePatientForm } from '../../components/patient-profile/patientProfileForm';

function setup() {
  const onSubmit = vi.fn<(form: CreatePatientForm, consents: InitialConsent[]) => void>();
  render(<CreatePatientDialog open submitting={false} onCancel={vi.fn()} onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup({ delay: null }) };
}

describe('CreatePatientDialog', () => {
  it('shows the required-field messages and does not submit', async () => {
    const { onSubmit, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Crear paciente' }));
    expect(screen.getByText(MSG.required.nombre)).toBeInTheDocument();
    expect(screen.getByText(MSG.required.apellido)).toBeInTheDocument();
    expect(screen.getByText(MSG.required.email)).toBeInTheDocument();
    expect(screen.getByText(MSG.required.telefono)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps digits only in the phone, blocks - + e E in the age, and maps the tri-states', async () => {
    const { onSubmit, user } = setup();
    const type = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type(/^Nombre/, 'Lucía');
    type(/^Apellido/, 'García');
    type(/^Correo electrónico/, 'lucia@ejemplo.com');
    const phone = screen.getByLabelText(/^Teléfono/);
    type(/^Teléfono/, '(300) 123-4567');
    expect(phone).toHaveValue('3001234567');

    const age = screen.getByLabelText('Edad');
    for (const key of ['-', '+', 'e', 'E']) {
      const event = fireEvent.keyDown(age, { key });
      expect(event).toBe(false); // default prevented
    }
    type('Edad', '34');
    expect(age).toHaveValue(34);

    // History flag: one click → Sí (true), two clicks → No (false), untouched → null.
    const therapy = screen.getByRole('checkbox', { name: '¿Ha hecho terapia antes?' });
    await user.click(therapy);
    const psychedelics = screen.getByRole('checkbox', { name: '¿Ha tenido experiencias con psicodélicos?' });
    await user.click(psychedelics);
    await user.click(psychedelics);
    expect(screen.getAllByTestId('tri-state').map((n) => n.textContent)).toEqual([
      'Sí',
      'No',
      'Sin especificar',
      'Sin respuesta (se guarda como no)',
    ]);

    await user.click(screen.getByRole('button', { name: 'Crear paciente' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const payload = buildCreatePatientPayload(onSubmit.mock.calls[0][0]);
    expect(payload).toMatchObject({
      nombre: 'Lucía',
      apellido: 'García',
      email: 'lucia@ejemplo.com',
      telefono_paciente: '+343001234567',
      edad: 34,
      ha_hecho_terapia: true,
      ha_hecho_psicodelicos: false,
      ha_hecho_constelaciones: null,
      whatsapp_mensajeria_consentimiento: false,
      tipo_servicio: null,
      estado_terapia: 'activo',
    });
  });

  it('offers the 15 dial codes with +34 (a practice in Spain) by default', async () => {
    const { user } = setup();
    const select = screen.getByRole('combobox', { name: 'Código' });
    expect(select).toHaveTextContent('+34');
    await user.click(select);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options).toHaveLength(15);
    expect(options.map((o) => o.textContent?.split(' ')[0])).toEqual([
      '+1',
      '+52',
      '+34',
      '+54',
      '+57',
      '+51',
      '+56',
      '+58',
      '+593',
      '+502',
      '+44',
      '+33',
      '+49',
      '+39',
      '+55',
    ]);
  });
});

describe('CredentialsDialog', () => {
  const CREDENTIALS = { patientId: 'p-42', name: 'Lucía García', email: 'lucia@ejemplo.com', temporary_password: 'Tmp$Pass-2026xY' };

  it('closes only through "Entendido"', async () => {
    const onAcknowledge = vi.fn();
    const onOpenRecord = vi.fn();
    const user = userEvent.setup();
    render(<CredentialsDialog credentials={CREDENTIALS} onAcknowledge={onAcknowledge} onOpenRecord={onOpenRecord} />);
    expect(screen.getByTestId('credentials-email')).toHaveTextContent('lucia@ejemplo.com');
    expect(screen.getByTestId('credentials-password')).toHaveTextContent('Tmp$Pass-2026xY');
    await user.keyboard('{Escape}');
    fireEvent.click(document.querySelector('.MuiBackdrop-root')!);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(onAcknowledge).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Entendido' }));
    expect(onAcknowledge).toHaveBeenCalledTimes(1);
    expect(onOpenRecord).not.toHaveBeenCalled();
  });

  it('"Abrir ficha del paciente" goes on to the new record', async () => {
    const onAcknowledge = vi.fn();
    const onOpenRecord = vi.fn();
    const user = userEvent.setup();
    render(<CredentialsDialog credentials={CREDENTIALS} onAcknowledge={onAcknowledge} onOpenRecord={onOpenRecord} />);
    await user.click(screen.getByRole('button', { name: 'Abrir ficha del paciente' }));
    expect(onOpenRecord).toHaveBeenCalledWith('p-42');
    expect(onAcknowledge).not.toHaveBeenCalled();
  });
});

describe('CreatePatientDialog: consents taken with the patient', () => {
  it('offers the recording and AI consents unticked, each explained; a ticked one goes with how it was given', async () => {
    const { onSubmit, user } = setup();
    const type = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type(/^Nombre/, 'Lucía');
    type(/^Apellido/, 'García');
    type(/^Correo electrónico/, 'lucia@ejemplo.com');
    type(/^Teléfono/, '3001234567');

    const recording = screen.getByRole('checkbox', { name: 'Grabación de las sesiones' });
    const ai = screen.getByRole('checkbox', { name: 'Transcripción y análisis con IA' });
    expect(recording).not.toBeChecked();
    expect(ai).not.toBeChecked();
    expect(ai).toHaveAccessibleDescription(CONSENT_KIND_HELP.ia);
    expect(screen.queryByRole('combobox', { name: 'Forma' })).not.toBeInTheDocument();

    // Untouched: no consent is sent.
    await user.click(screen.getByRole('button', { name: 'Crear paciente' }));
    expect(onSubmit).toHaveBeenLastCalledWith(expect.anything(), []);

    await user.click(recording);
    await user.click(ai);
    expect(screen.getAllByRole('combobox', { name: 'Forma' })).toHaveLength(2);
    // The AI consent was given verbally; the recording one keeps the default, in writing.
    await user.click(within(screen.getByTestId('create-consent-ia')).getByRole('combobox', { name: 'Forma' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Verbal' }));
    await user.click(screen.getByRole('button', { name: 'Crear paciente' }));
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ nombre: 'Lucía' }), [
      { tipo: 'grabacion', forma: 'escrito' },
      { tipo: 'ia', forma: 'verbal' },
    ]);

    await user.click(recording);
    await user.click(screen.getByRole('button', { name: 'Crear paciente' }));
    expect(onSubmit).toHaveBeenLastCalledWith(expect.anything(), [{ tipo: 'ia', forma: 'verbal' }]);
  });
});
