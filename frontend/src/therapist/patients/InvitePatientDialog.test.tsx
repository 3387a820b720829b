import { CONSENT_KIND_HELP, type InvitationSendPayload } from '@consulta/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreAdminContext } from 'ra-core';
import { describe, expect, it, vi } from 'vitest';
import { stubDataProvider } from '../../test/stubDataProvider';
import { InvitePatientDialog } from './InvitePatientDialog';

function setup() {
  const invitePatient = vi.fn((_payload: InvitationSendPayload) =>
    Promise.resolve({ message: 'ok', method: 'email', expires_at: '2026-12-04T10:00:00.000Z', whatsapp_url: null }),
  );
  const onClose = vi.fn();
  render(
    <CoreAdminContext dataProvider={stubDataProvider({ invitePatient })}>
      <InvitePatientDialog open onClose={onClose} />
    </CoreAdminContext>,
  );
  return { invitePatient, onClose, user: userEvent.setup({ delay: null }) };
}

describe('InvitePatientDialog: consents asked at registration', () => {
  it('asks nothing unless the therapist ticks a consent', async () => {
    const { invitePatient, onClose, user } = setup();
    await user.type(screen.getByLabelText('Correo electrónico del paciente'), 'lucia@ejemplo.com');
    await user.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    expect(invitePatient).toHaveBeenCalledWith({ email: 'lucia@ejemplo.com' });
    expect(onClose).toHaveBeenCalled();
  });

  it('sends the ticked consents in the kinds’ order, each shown with what it allows', async () => {
    const { invitePatient, user } = setup();
    const ai = screen.getByRole('checkbox', { name: 'Transcripción y análisis con IA' });
    const recording = screen.getByRole('checkbox', { name: 'Grabación de las sesiones' });
    expect(ai).not.toBeChecked();
    expect(recording).toHaveAccessibleDescription(CONSENT_KIND_HELP.grabacion);
    await user.click(ai);
    await user.click(recording);
    await user.type(screen.getByLabelText('Correo electrónico del paciente'), 'lucia@ejemplo.com');
    await user.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    expect(invitePatient).toHaveBeenCalledWith({ email: 'lucia@ejemplo.com', consentimientos: ['grabacion', 'ia'] });
  });
});
