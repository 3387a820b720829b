import type { EntityManager } from '@mikro-orm/core';
import type { ConsentActor, ConsentForm, ConsentKind } from '@consulta/shared';
import { User } from '../auth/entities/user.entity';
import type { Patient } from '../patients/entities/patient.entity';
import { Consent } from './entities/consent.entity';

/** Who writes a consent record, and how they received it. */
export interface ConsentAct {
  by: Pick<User, 'id' | 'role'>;
  forma: ConsentForm;
  nota?: string | null;
}

const actor = (user: Pick<User, 'role'>): ConsentActor => (user.role === 'paciente' ? 'paciente' : 'terapeuta');

/**
 * The one place consent records are written (the consents API, and the patient record's WhatsApp box). Both
 * functions change the unit of work only: the caller flushes, so a record and what caused it land together.
 * The patient's `whatsappMensajeriaConsentimiento` mirrors the WhatsApp consent in force (the spec's field).
 */
export async function inForce(em: EntityManager, patient: Patient, kind: ConsentKind): Promise<Consent | null> {
  return em.findOne(Consent, { patient: patient.id, tipo: kind, revocadoEn: null });
}

/** Opens a record, unless one is in force already (answers null then). */
export async function grantConsent(em: EntityManager, patient: Patient, kind: ConsentKind, act: ConsentAct): Promise<Consent | null> {
  if (await inForce(em, patient, kind)) return null;
  const consent = em.create(Consent, {
    patient,
    tipo: kind,
    forma: act.forma,
    nota: act.nota?.trim() || null,
    otorgadoEn: new Date(),
    otorgadoPor: actor(act.by),
    otorgadoPorUsuario: em.getReference(User, act.by.id),
  });
  if (kind === 'whatsapp') patient.whatsappMensajeriaConsentimiento = true;
  return consent;
}

/** Closes the record in force (answers null when there is none). */
export async function revokeConsent(em: EntityManager, patient: Patient, kind: ConsentKind, act: ConsentAct): Promise<Consent | null> {
  const consent = await inForce(em, patient, kind);
  if (!consent) return null;
  em.assign(consent, {
    revocadoEn: new Date(),
    revocadoPor: actor(act.by),
    revocadoPorUsuario: em.getReference(User, act.by.id),
    formaRevocacion: act.forma,
    notaRevocacion: act.nota?.trim() || null,
  });
  if (kind === 'whatsapp') patient.whatsappMensajeriaConsentimiento = false;
  return consent;
}

/** The record's WhatsApp box set to `given` by `by` (ficha): a grant or a revocation when it changes. */
export async function setWhatsappFromRecord(
  em: EntityManager,
  patient: Patient,
  given: boolean,
  by: Pick<User, 'id' | 'role'>,
): Promise<void> {
  const act: ConsentAct = { by, forma: by.role === 'paciente' ? 'digital' : 'ficha' };
  if (given) await grantConsent(em, patient, 'whatsapp', act);
  else await revokeConsent(em, patient, 'whatsapp', act);
}
