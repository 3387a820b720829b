import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { CONSENT_KINDS, MSG, type ConsentKind } from '@consulta/shared';
import type { User } from '../auth/entities/user.entity';
import { problem } from '../common/errors/error.dto';
import type { Patient } from '../patients/entities/patient.entity';
import { PatientAccess } from '../access/patient-access.service';
import { grantConsent, revokeConsent } from './consent-ledger';
import { ConsentOverviewDto, PatientConsentOverviewDto, type GrantConsentDto, type RevokeConsentDto } from './dto/consent.dto';
import { Consent } from './entities/consent.entity';

const kindOf = (value: string): ConsentKind => {
  if (!(CONSENT_KINDS as readonly string[]).includes(value)) throw new BadRequestException(problem(MSG.consents.kind, 'VALIDATION'));
  return value as ConsentKind;
};

/**
 * A patient's consents: the therapist reads, records and revokes them for their patient; the patient reads
 * theirs and may revoke them. A patient grants nothing here: recording and AI consents are informed consents the
 * therapist takes and records (at creation too), or asks for in the invitation, where the patient ticks them at
 * registration; withdrawing must stay as easy as a click.
 */
@Injectable()
export class ConsentsService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: PatientAccess,
  ) {}

  async list(user: User, patientId: string): Promise<ConsentOverviewDto> {
    const patient = await this.access.patient(user, patientId);
    return ConsentOverviewDto.from(await this.records(patient));
  }

  async grant(user: User, patientId: string, dto: GrantConsentDto): Promise<ConsentOverviewDto> {
    const patient = await this.access.patient(user, patientId);
    const given = () => new ConflictException(problem(MSG.consents.alreadyGiven, 'ALREADY_EXISTS'));
    if (!(await grantConsent(this.em, patient, dto.tipo, { by: user, forma: dto.forma, nota: dto.nota }))) throw given();
    try {
      await this.em.flush();
    } catch (error) {
      // Two grants at once: the unique index keeps one in force.
      if (error instanceof UniqueConstraintViolationException) throw given();
      throw error;
    }
    return ConsentOverviewDto.from(await this.records(patient));
  }

  async revoke(user: User, patientId: string, kind: string, dto: RevokeConsentDto): Promise<ConsentOverviewDto> {
    const patient = await this.access.patient(user, patientId);
    await this.close(patient, kindOf(kind), user, dto);
    return ConsentOverviewDto.from(await this.records(patient));
  }

  async own(user: User): Promise<PatientConsentOverviewDto> {
    const me = await this.access.self(user);
    return PatientConsentOverviewDto.from(await this.records(me));
  }

  /** The patient's own revocation: digital, through Consulta. */
  async revokeOwn(user: User, kind: string): Promise<PatientConsentOverviewDto> {
    const me = await this.access.self(user);
    await this.close(me, kindOf(kind), user, { forma: 'digital' });
    return PatientConsentOverviewDto.from(await this.records(me));
  }

  private async close(patient: Patient, kind: ConsentKind, user: User, dto: RevokeConsentDto): Promise<void> {
    if (!(await revokeConsent(this.em, patient, kind, { by: user, forma: dto.forma, nota: dto.nota }))) {
      throw new ConflictException(problem(MSG.consents.notGiven, 'CONFLICT'));
    }
    await this.em.flush();
  }

  private records(patient: Patient): Promise<Consent[]> {
    return this.em.find(
      Consent,
      { patient: patient.id },
      { populate: ['otorgadoPorUsuario', 'revocadoPorUsuario'], orderBy: { otorgadoEn: 'desc', id: 'asc' } },
    );
  }
}
