import { MSG, type InvitationValidation } from '@consulta/shared';
import { describe, expect, it } from 'vitest';
import { emptyCreatePatientForm } from '../../components/patient-profile/patientProfileForm';
import { buildRegistrationPayload, hasErrors, invitedByEmail, validateRegistration, type RegistrationForm } from './registration';

const form = (changes: Partial<RegistrationForm> = {}): RegistrationForm => ({
  ...emptyCreatePatientForm(),
  nombre: ' Lucía ',
  apellido: 'Fernández',
  email: '',
  telefono: '3007654321',
  password: 'Camino#Nuevo26',
  confirm: 'Camino#Nuevo26',
  ...changes,
});

const invitation = (by: 'email' | 'phone'): InvitationValidation => ({
  valid: true,
  message: 'Invitación válida',
  therapist_name: 'Dra. Ana',
  pais: 'ES',
  email: by === 'email' ? 'lucia@example.com' : null,
  phone_number: by === 'phone' ? '+573005551234' : null,
  consentimientos: [],
});

describe('invited registration', () => {
  it('an e-mail invitation asks the phone, a WhatsApp one the e-mail', () => {
    expect(invitedByEmail(invitation('email'))).toBe(true);
    expect(invitedByEmail(invitation('phone'))).toBe(false);
    expect(hasErrors(validateRegistration(form(), true))).toBe(false);
    expect(validateRegistration(form({ telefono: '' }), true).telefono).toBe(MSG.required.telefono);
    expect(validateRegistration(form({ telefono: '', email: 'lucia@example.com' }), false)).toEqual({});
    expect(validateRegistration(form(), false).email).toBe(MSG.required.email);
  });

  it('checks names, age and both password fields', () => {
    const errors = validateRegistration(form({ nombre: '', edad: '-3', password: 'abc', confirm: 'abd' }), true);
    expect(errors).toMatchObject({
      nombre: MSG.required.nombre,
      edad: MSG.age.negative,
      password: MSG.password.requirements,
      confirm: MSG.password.mismatch,
    });
  });

  it('builds the registration payload with only the contact the invitation lacks', () => {
    const byEmail = buildRegistrationPayload('tok', form({ edad: '31', dialCode: '+34' }), true);
    expect(byEmail).toMatchObject({ invitation_token: 'tok', nombre: 'Lucía', telefono: '3007654321', codigo_pais: '+34', edad: 31 });
    expect(byEmail).not.toHaveProperty('email');
    expect(byEmail.whatsapp_mensajeria_consentimiento).toBe(false);
    const byPhone = buildRegistrationPayload('tok', form({ email: ' Lucia@Example.COM ' }), false);
    expect(byPhone.email).toBe('lucia@example.com');
    expect(byPhone).not.toHaveProperty('telefono');
  });

  it('sends the ticked asked consents, in the kinds’ order, and nothing when none is ticked', () => {
    expect(buildRegistrationPayload('tok', form(), true, ['ia', 'grabacion']).consentimientos).toEqual(['grabacion', 'ia']);
    expect(buildRegistrationPayload('tok', form(), true, ['ia']).consentimientos).toEqual(['ia']);
    expect(buildRegistrationPayload('tok', form(), true, [])).not.toHaveProperty('consentimientos');
    expect(buildRegistrationPayload('tok', form(), true)).not.toHaveProperty('consentimientos');
  });
});
