import {
  CONSENT_FORMS,
  CONSENT_KINDS,
  CONSENT_NOTE_MAX,
  MSG,
  RECORDABLE_CONSENT_FORMS,
  consentsInForce,
  type ConsentActor,
  type ConsentForm,
  type ConsentGrant,
  type ConsentKind,
  type ConsentOverview,
  type ConsentRecord,
  type ConsentRevocation,
  type PatientConsentOverview,
  type PatientConsentRecord,
} from '@consulta/shared';
import { ApiProperty } from '@nestjs/swagger';
import { OneOf, OptionalText } from '../../common/validation/rules';
import { isoOrNull } from '../../common/http/iso-date';
import type { Consent } from '../entities/consent.entity';

/** What the therapist reads of a record: everything, with the names of who gave and who revoked it. */
export class ConsentRecordDto implements ConsentRecord {
  id: string;
  @ApiProperty({ enum: CONSENT_KINDS })
  tipo: ConsentKind;
  @ApiProperty({ enum: CONSENT_FORMS })
  forma: ConsentForm;
  nota: string | null;
  otorgado_en: string;
  @ApiProperty({ enum: ['terapeuta', 'paciente'] })
  otorgado_por: ConsentActor;
  otorgado_por_nombre: string | null;
  revocado_en: string | null;
  @ApiProperty({ enum: ['terapeuta', 'paciente'], nullable: true })
  revocado_por: ConsentActor | null;
  revocado_por_nombre: string | null;
  @ApiProperty({ enum: CONSENT_FORMS, nullable: true })
  forma_revocacion: ConsentForm | null;
  nota_revocacion: string | null;

  /** `consent` with its two users loaded. */
  static from(consent: Consent): ConsentRecordDto {
    return {
      id: consent.id,
      tipo: consent.tipo,
      forma: consent.forma,
      nota: consent.nota,
      otorgado_en: consent.otorgadoEn.toISOString(),
      otorgado_por: consent.otorgadoPor,
      otorgado_por_nombre: consent.otorgadoPorUsuario?.name ?? null,
      revocado_en: isoOrNull(consent.revocadoEn),
      revocado_por: consent.revocadoPor,
      revocado_por_nombre: consent.revocadoPorUsuario?.name ?? null,
      forma_revocacion: consent.formaRevocacion,
      nota_revocacion: consent.notaRevocacion,
    };
  }
}

export class ConsentOverviewDto implements ConsentOverview {
  @ApiProperty({ type: 'object', properties: Object.fromEntries(CONSENT_KINDS.map((k) => [k, { type: 'boolean' }])) })
  vigentes: Record<ConsentKind, boolean>;
  @ApiProperty({ type: [ConsentRecordDto] })
  registros: ConsentRecordDto[];

  static from(consents: Consent[]): ConsentOverviewDto {
    const registros = consents.map((c) => ConsentRecordDto.from(c));
    return { vigentes: consentsInForce(registros), registros };
  }
}

/** The patient's own view: an allow-list (no notes, no account names: the therapist's notes stay theirs). */
export class PatientConsentRecordDto implements PatientConsentRecord {
  id: string;
  @ApiProperty({ enum: CONSENT_KINDS })
  tipo: ConsentKind;
  @ApiProperty({ enum: CONSENT_FORMS })
  forma: ConsentForm;
  otorgado_en: string;
  @ApiProperty({ enum: ['terapeuta', 'paciente'] })
  otorgado_por: ConsentActor;
  revocado_en: string | null;
  @ApiProperty({ enum: ['terapeuta', 'paciente'], nullable: true })
  revocado_por: ConsentActor | null;

  static from(consent: Consent): PatientConsentRecordDto {
    return {
      id: consent.id,
      tipo: consent.tipo,
      forma: consent.forma,
      otorgado_en: consent.otorgadoEn.toISOString(),
      otorgado_por: consent.otorgadoPor,
      revocado_en: isoOrNull(consent.revocadoEn),
      revocado_por: consent.revocadoPor,
    };
  }
}

export class PatientConsentOverviewDto implements PatientConsentOverview {
  @ApiProperty({ type: 'object', properties: Object.fromEntries(CONSENT_KINDS.map((k) => [k, { type: 'boolean' }])) })
  vigentes: Record<ConsentKind, boolean>;
  @ApiProperty({ type: [PatientConsentRecordDto] })
  registros: PatientConsentRecordDto[];

  static from(consents: Consent[]): PatientConsentOverviewDto {
    const registros = consents.map((c) => PatientConsentRecordDto.from(c));
    return { vigentes: consentsInForce(registros), registros };
  }
}

export class GrantConsentDto implements ConsentGrant {
  @OneOf(CONSENT_KINDS, MSG.consents.kind)
  tipo: ConsentKind;

  /** How the patient gave it. */
  @OneOf(RECORDABLE_CONSENT_FORMS, MSG.consents.form)
  forma: (typeof RECORDABLE_CONSENT_FORMS)[number];

  /** Optional, for the therapist only (e.g. where the signed form is kept). */
  @OptionalText(CONSENT_NOTE_MAX)
  nota?: string | null;
}

export class RevokeConsentDto implements ConsentRevocation {
  /** How the patient withdrew it. */
  @OneOf(RECORDABLE_CONSENT_FORMS, MSG.consents.form)
  forma: (typeof RECORDABLE_CONSENT_FORMS)[number];

  @OptionalText(CONSENT_NOTE_MAX)
  nota?: string | null;
}
