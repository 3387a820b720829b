import {
  ASKABLE_CONSENT_KINDS,
  normalizeEmail,
  type AskableConsentKind,
  type InvitationRegisterPayload,
  type InvitationValidation,
} from '@consulta/shared';
import { validateNewPassword } from '../../components/NewPasswordFields';
import {
  buildCreatePatientPayload,
  validateCreatePatient,
  type CreatePatientErrors,
  type CreatePatientForm,
} from '../../components/patient-profile/patientProfileForm';

export interface RegistrationForm extends CreatePatientForm {
  password: string;
  confirm: string;
}

export type RegistrationErrors = CreatePatientErrors & { password?: string; confirm?: string };

/** An e-mail invitation already has the address (the phone is asked); a WhatsApp one has the phone. */
export const invitedByEmail = (invitation: InvitationValidation): boolean => invitation.email !== null;

/** The create-patient rules, minus what the invitation already knows. */
export function validateRegistration(form: RegistrationForm, byEmail: boolean): RegistrationErrors {
  const { email, telefono, ...rest } = validateCreatePatient(form);
  const passwords = validateNewPassword(form.password, form.confirm);
  return {
    ...rest,
    ...(byEmail ? { telefono } : { email }),
    ...(passwords.next ? { password: passwords.next } : {}),
    ...(passwords.confirm ? { confirm: passwords.confirm } : {}),
    // A key present with an undefined value is not an error.
  } as RegistrationErrors;
}

export const hasErrors = (errors: RegistrationErrors): boolean => Object.values(errors).some(Boolean);

/**
 * The invited registration's payload (email only for WhatsApp invitations; phone only for e-mail ones), with the
 * asked consents the patient ticked (sent only when there is one).
 */
export function buildRegistrationPayload(
  token: string,
  form: RegistrationForm,
  byEmail: boolean,
  ticked: readonly AskableConsentKind[] = [],
): InvitationRegisterPayload {
  const consentimientos = ASKABLE_CONSENT_KINDS.filter((kind) => ticked.includes(kind));
  const base = buildCreatePatientPayload(form);
  return {
    invitation_token: token,
    nombre: base.nombre,
    apellido: base.apellido,
    ...(byEmail ? { telefono: base.telefono, codigo_pais: form.dialCode } : { email: normalizeEmail(form.email) }),
    edad: base.edad,
    fecha_nacimiento: base.fecha_nacimiento,
    estado_civil: base.estado_civil,
    profesion_ocupacion: base.profesion_ocupacion,
    nivel_escolaridad: base.nivel_escolaridad,
    ha_hecho_terapia: base.ha_hecho_terapia,
    ha_hecho_psicodelicos: base.ha_hecho_psicodelicos,
    ha_hecho_constelaciones: base.ha_hecho_constelaciones,
    propuesta_terapia: base.propuesta_terapia,
    whatsapp_mensajeria_consentimiento: base.whatsapp_mensajeria_consentimiento,
    password: form.password,
    ...(consentimientos.length > 0 ? { consentimientos } : {}),
  };
}
