import {
  ASKABLE_CONSENT_KINDS,
  askedConsentsError,
  type AskableConsentKind,
  DIAL_CODES,
  emailError,
  MSG,
  nameError,
  phoneError,
  type InvitationRegisterPayload,
  type InvitationSendPayload,
  type InvitationSendResponse,
  type InvitationValidation,
  whatsappPhoneError,
} from '@consulta/shared';
import { ApiProperty } from '@nestjs/swagger';
import { Check, EmptyAsNull, OneOfOrNull, OptionalText, RequiredText } from '../../common/validation/rules';
import { PatientProfileDto } from '../../patients/dto/patient-profile.dto';

/** Absent, null or blank: the service reports missing required fields together, in one message. */
const blank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
/** A rule applied only to a present value; a non-string gets `typeMessage`. */
const ifPresent = (rule: (v: string) => string | null, typeMessage: string) => (v: unknown) =>
  blank(v) ? null : typeof v === 'string' ? rule(v) : typeMessage;

/** A list of distinct consent kinds among grabacion and ia. */
const askedConsents = (description: string) =>
  Check(askedConsentsError, {
    type: 'array',
    items: { type: 'string', enum: [...ASKABLE_CONSENT_KINDS] },
    maxItems: ASKABLE_CONSENT_KINDS.length,
    required: false,
    nullable: true,
    description,
  });

/** Absent, null or blank count as not given. */
const OPTIONAL_TEXT = { type: 'string', required: false, nullable: true } as const;

export class SendInvitationDto implements InvitationSendPayload {
  @Check(ifPresent(emailError, MSG.email.format), OPTIONAL_TEXT)
  email?: string;

  /** Full number with its dial code, e.g. +573001234567. */
  @Check(ifPresent(whatsappPhoneError, MSG.phone.whatsapp), OPTIONAL_TEXT)
  phone_number?: string;

  @askedConsents('Consentimientos que se pedirán al paciente al registrarse (casillas sin marcar); el mensaje los nombra.')
  consentimientos?: AskableConsentKind[] | null;
}

export class SendInvitationResponseDto implements InvitationSendResponse {
  message: string;
  method: 'email' | 'whatsapp';
  expires_at: string;
  whatsapp_url: string | null;
}

export class InvitationValidationDto implements InvitationValidation {
  valid: boolean;
  message: string;
  therapist_name: string | null;
  email: string | null;
  phone_number: string | null;
  @ApiProperty({ type: 'array', items: { type: 'string', enum: [...ASKABLE_CONSENT_KINDS] } })
  consentimientos: AskableConsentKind[];
  /** The inviting therapist's country (ISO 3166; DEFAULT_COUNTRY for a link that does not work): the phone's default dial code. */
  pais: string;
}

/** The invited registration's payload; required fields are checked by the service (one message lists them). */
export class RegisterInvitationDto extends PatientProfileDto implements InvitationRegisterPayload {
  @RequiredText(256, MSG.invitations.invalid)
  invitation_token: string;

  @Check(ifPresent((v) => nameError(v, 'nombre'), MSG.name.nombre))
  nombre: string;

  @Check(ifPresent((v) => nameError(v, 'apellido'), MSG.name.apellido))
  apellido: string;

  /** Local number, 7 to 12 digits (separators are stripped); required for e-mail invitations. */
  @Check(ifPresent(phoneError, MSG.phone.invalid))
  telefono?: string | null;

  /** Dial code of telefono; default: the inviting therapist's country's (their profile, else DEFAULT_COUNTRY). */
  @OneOfOrNull(DIAL_CODES.map((d) => d.code), MSG.phone.dialCode)
  @EmptyAsNull()
  codigo_pais?: string | null;

  /** Required for WhatsApp invitations (an e-mail invitation already has the address). */
  @Check(ifPresent(emailError, MSG.email.format))
  email?: string | null;

  /** Checked against the password rules. */
  @OptionalText(1024)
  password: string;

  @askedConsents(
    'Los consentimientos pedidos que el paciente marcó: cada uno queda registrado como dado por el paciente, de forma digital.',
  )
  consentimientos?: AskableConsentKind[] | null;
}

export class RegisterInvitationResponseDto {
  message: string;
  /**
   * The new patient's id; null for a WhatsApp invitation, whose answer must not tell whether the chosen address
   * already had an account (the address gets a mail either way).
   */
  patient_id: string | null;
}
