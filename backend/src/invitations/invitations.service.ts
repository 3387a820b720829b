import { BadRequestException, ConflictException, Inject, Injectable } from '@nestjs/common';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { ASKABLE_CONSENT_KINDS, cleanPhone, MSG, normalizeEmail, passwordErrors, splitFullPhone, todayIsoDate } from '@consulta/shared';
import { User } from '../auth/entities/user.entity';
import { Passwords } from '../auth/passwords';
import { hashToken, newOneTimeToken } from '../common/security/one-time-token';
import { problem } from '../common/errors/error.dto';
import { RateLimitService } from '../common/throttle/rate-limit.service';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { MailService } from '../mail/mail.service';
import { accountExistsMail, invitationMail, invitationWhatsappText, welcomeMail } from '../mail/mail.templates';
import { createPatientWithAccount } from '../patients/patient-account';
import { patientProfile } from '../patients/patient-profile';
import { grantConsent, setWhatsappFromRecord } from '../consents/consent-ledger';
import { TakenEmails } from '../patients/taken-emails.service';
import { therapistCountry, therapistDialCode } from '../therapists/therapist-country';
import type {
  InvitationValidationDto,
  RegisterInvitationDto,
  RegisterInvitationResponseDto,
  SendInvitationDto,
  SendInvitationResponseDto,
} from './dto/invitation.dto';
import { Invitation } from './entities/invitation.entity';

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;

const blank = (value: string | null | undefined): boolean => !value?.trim();

@Injectable()
export class InvitationsService {
  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailService,
    private readonly limits: RateLimitService,
    private readonly taken: TakenEmails,
    private readonly passwords: Passwords,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Creates an invitation (replacing the therapist's earlier unused one to the same address). By e-mail the
   * link is mailed; by WhatsApp the answer carries the wa.me link the therapist opens to send it themselves.
   */
  async send(therapist: User, dto: SendInvitationDto, clientIp: string): Promise<SendInvitationResponseDto> {
    const email = blank(dto.email) ? null : normalizeEmail(dto.email!);
    const phoneNumber = blank(dto.phone_number) ? null : cleanPhone(dto.phone_number!);
    if ((email === null) === (phoneNumber === null)) throw new BadRequestException(problem(MSG.invitations.oneContact, 'VALIDATION'));
    // Counted first, so the 409 for a registered address cannot be used to probe addresses without limit.
    await this.limits.mail('invitations', email ?? phoneNumber!, clientIp);
    if (email) await this.taken.assertFree(therapist, email, 'POST /invitations/send');

    const { token, hash } = newOneTimeToken();
    const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000);
    await this.em.nativeDelete(Invitation, { therapist, usedAt: null, ...(email ? { email } : { phoneNumber }) });
    // In the one order the registration shows them.
    const consentsAsked = ASKABLE_CONSENT_KINDS.filter((kind) => dto.consentimientos?.includes(kind));
    this.em.create(Invitation, { therapist, tokenHash: hash, email, phoneNumber, consentsAsked, expiresAt });
    await this.em.flush();

    const link = `${this.config.publicUrl}/register/invited?token=${encodeURIComponent(token)}`;
    if (email) {
      await this.mail.send({ to: email, ...invitationMail(therapist.name, link, expiresAt, consentsAsked) });
      return { message: MSG.invitations.sentEmail, method: 'email', expires_at: expiresAt.toISOString(), whatsapp_url: null };
    }
    const text = encodeURIComponent(invitationWhatsappText(therapist.name, link, consentsAsked));
    return {
      message: MSG.invitations.sentWhatsapp,
      method: 'whatsapp',
      expires_at: expiresAt.toISOString(),
      whatsapp_url: `https://wa.me/${phoneNumber!.replace(/^\+/, '')}?text=${text}`,
    };
  }

  async validate(token: string): Promise<InvitationValidationDto> {
    const found = await this.find(token);
    if (!found.invitation) {
      return {
        valid: false,
        message: found.problem,
        therapist_name: null,
        email: null,
        phone_number: null,
        consentimientos: [],
        pais: this.config.practice.defaultCountry,
      };
    }
    const { invitation } = found;
    return {
      valid: true,
      message: MSG.invitations.valid,
      therapist_name: invitation.therapist.name,
      email: invitation.email,
      phone_number: invitation.phoneNumber,
      consentimientos: invitation.consentsAsked,
      pais: await therapistCountry(this.em, invitation.therapist.id, this.config.practice.defaultCountry),
    };
  }

  /**
   * Creates the patient (with their own password, no forced change) under the inviting therapist; spends the link.
   * An e-mail invitation's address was checked when it was sent and proved by the mailbox: a taken one is 409. A
   * WhatsApp invitation's address is chosen here, by whoever holds the link: taken or not, the answer is the same
   * and the link is spent, and the address gets a mail (welcome, or "you already have an account"), so the answer
   * cannot tell whether an address has an account.
   */
  async register(dto: RegisterInvitationDto): Promise<RegisterInvitationResponseDto> {
    const found = await this.find(dto.invitation_token);
    if (!found.invitation) throw new BadRequestException(problem(found.problem, 'VALIDATION'));
    const { invitation } = found;

    const byEmail = invitation.email !== null;
    const missing = [
      ...(blank(dto.nombre) ? ['nombre'] : []),
      ...(blank(dto.apellido) ? ['apellido'] : []),
      ...(byEmail && blank(dto.telefono) ? ['telefono'] : []),
      ...(!byEmail && blank(dto.email) ? ['email'] : []),
      ...(blank(dto.password) ? ['password'] : []),
    ];
    const ticked = dto.consentimientos ?? [];
    if (ticked.some((kind) => !invitation.consentsAsked.includes(kind))) {
      throw new BadRequestException(problem(MSG.consents.notAsked, 'VALIDATION'));
    }
    if (missing.length > 0) {
      // Each missing field named, so the form marks it (as the validation pipe's `campos`).
      const campos = Object.fromEntries(missing.map((field) => [field, MSG.invitations.fieldMissing]));
      throw new BadRequestException({ ...problem(`${MSG.invitations.missingFields}: ${missing.join(', ')}`, 'VALIDATION'), campos });
    }
    const problems = passwordErrors(dto.password);
    if (problems.length > 0)
      throw new BadRequestException(problem(`${MSG.password.requirements}: ${problems.join('. ')}`, 'VALIDATION', problems));

    const email = invitation.email ?? normalizeEmail(dto.email!);
    // Hashed first: a taken address by WhatsApp costs the same time as a free one.
    const passwordHash = await this.passwords.hash(dto.password);
    if ((await this.em.count(User, { email })) > 0) return this.addressTaken(invitation, email);
    // A WhatsApp invitation fixes the phone (its local digits are the patient's telefono); an e-mail one asks it.
    const telefono = invitation.phoneNumber ? (splitFullPhone(invitation.phoneNumber)?.digits ?? null) : cleanPhone(dto.telefono!);
    // Without a dial code, the inviting therapist's country's.
    const dialCode = dto.codigo_pais ?? (await therapistDialCode(this.em, invitation.therapist.id, this.config.practice.defaultCountry));

    try {
      const patient = await this.em.transactional(async (em) => {
        const spent = await em.nativeUpdate(Invitation, { id: invitation.id, usedAt: null }, { usedAt: new Date() });
        if (spent !== 1) throw new BadRequestException(problem(MSG.invitations.invalid, 'VALIDATION'));
        const patient = createPatientWithAccount(em, {
          therapist: invitation.therapist,
          email,
          passwordHash,
          mustChangePassword: false,
          record: {
            ...patientProfile(dto),
            telefonoPaciente: invitation.phoneNumber ?? `${dialCode}${telefono}`,
            telefono,
            fechaIngreso: todayIsoDate(),
            estadoTerapia: 'activo',
          },
        });
        // The patient ticks the WhatsApp box themself on the registration form: a digital consent of theirs.
        if (patient.whatsappMensajeriaConsentimiento) await setWhatsappFromRecord(em, patient, true, patient.user);
        // So are the asked consents they tick (an unticked one is simply not given).
        for (const kind of ticked) await grantConsent(em, patient, kind, { by: patient.user, forma: 'digital' });
        return patient;
      });
      if (byEmail) return { message: MSG.invitations.registered, patient_id: patient.id };
      await this.mail.send({ to: email, ...welcomeMail(invitation.therapist.name, this.loginUrl()) });
      return { message: MSG.invitations.registeredCheckMail, patient_id: null };
    } catch (error) {
      // The address was registered meanwhile (the transaction, and the link's use, rolled back).
      if (error instanceof UniqueConstraintViolationException) return this.addressTaken(invitation, email);
      throw error;
    }
  }

  /** The registration's address already has an account: 409 by e-mail; by WhatsApp, the link is spent and the owner told by mail. */
  private async addressTaken(invitation: Invitation, email: string): Promise<RegisterInvitationResponseDto> {
    if (invitation.email !== null) throw new ConflictException(problem(MSG.patients.emailExists, 'ALREADY_EXISTS'));
    const spent = await this.em.nativeUpdate(Invitation, { id: invitation.id, usedAt: null }, { usedAt: new Date() });
    if (spent !== 1) throw new BadRequestException(problem(MSG.invitations.invalid, 'VALIDATION'));
    await this.mail.send({ to: email, ...accountExistsMail(invitation.therapist.name, this.loginUrl()) });
    return { message: MSG.invitations.registeredCheckMail, patient_id: null };
  }

  private loginUrl(): string {
    return `${this.config.publicUrl}/login`;
  }

  private async find(
    token: string | undefined,
  ): Promise<{ invitation: Invitation; problem?: never } | { invitation: null; problem: string }> {
    const invitation = token ? await this.em.findOne(Invitation, { tokenHash: hashToken(token) }, { populate: ['therapist'] }) : null;
    if (!invitation || invitation.usedAt) return { invitation: null, problem: MSG.invitations.invalid };
    if (invitation.expiresAt.getTime() <= Date.now()) return { invitation: null, problem: MSG.invitations.expired };
    return { invitation };
  }
}
