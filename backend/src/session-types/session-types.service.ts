import { ForbiddenException, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { MSG } from '@consulta/shared';
import type { User } from '../auth/entities/user.entity';
import { problem } from '../common/errors/error.dto';
import { PatientAccess } from '../access/patient-access.service';
import type { SessionTypeDto, SessionTypePayloadDto } from './dto/session-type.dto';
import { SessionType } from './entities/session-type.entity';
import { moneyToJson, parseMoney } from './money';
import { normalizeFields } from './session-fields';

const blankToNull = (v: string | null | undefined): string | null => (v?.trim() ? v.trim() : null);

export const toSessionTypeDto = (t: SessionType, therapistId: string): SessionTypeDto => ({
  id: t.id,
  nombre: t.nombre,
  descripcion: t.descripcion,
  campos: t.campos,
  activo: t.activo,
  valor: moneyToJson(t.valor),
  terapeuta_id: therapistId,
  fecha_creacion: t.fechaCreacion.toISOString(),
  fecha_actualizacion: t.fechaActualizacion.toISOString(),
});

/** A therapist's custom session types; every call is scoped to the caller (others' types are "not found"). */
@Injectable()
export class SessionTypesService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: PatientAccess,
  ) {}

  /** The caller must be the `terapeuta_id` they name (absent or empty means themselves). */
  assertOwner(therapist: User, terapeutaId: string | undefined): void {
    if (terapeutaId && terapeutaId !== therapist.id) throw new ForbiddenException(problem(MSG.sessionTypes.foreignTherapist, 'FORBIDDEN'));
  }

  async list(therapist: User, activo: boolean | undefined): Promise<SessionTypeDto[]> {
    const types = await this.em.find(
      SessionType,
      { therapist, eliminadoEn: null, ...(activo === undefined ? {} : { activo }) },
      { orderBy: { nombre: 'asc', id: 'asc' } },
    );
    return types.map((t) => toSessionTypeDto(t, therapist.id));
  }

  async get(therapist: User, id: string): Promise<SessionTypeDto> {
    return toSessionTypeDto(await this.find(therapist, id), therapist.id);
  }

  async create(therapist: User, dto: SessionTypePayloadDto): Promise<SessionTypeDto> {
    const type = this.em.create(SessionType, { therapist, ...this.fields(dto) });
    await this.em.flush();
    return toSessionTypeDto(type, therapist.id);
  }

  /** Sets nombre and valor (required, as on create); descripcion, campos and activo change only when sent. */
  async update(therapist: User, id: string, dto: SessionTypePayloadDto): Promise<SessionTypeDto> {
    const type = await this.find(therapist, id);
    this.em.assign(type, this.fields(dto, type));
    await this.em.flush();
    return toSessionTypeDto(type, therapist.id);
  }

  /** Archives the type: it leaves every list, and sessions recorded with it keep reading it. */
  async remove(therapist: User, id: string): Promise<SessionTypeDto> {
    const type = await this.find(therapist, id);
    type.eliminadoEn = new Date();
    type.activo = false;
    await this.em.flush();
    return toSessionTypeDto(type, therapist.id);
  }

  /** The stored values of a payload; what an update leaves out keeps the `current` value. */
  private fields(dto: SessionTypePayloadDto, current?: SessionType) {
    const money = parseMoney(dto.valor);
    if ('error' in money) throw new Error(money.error); // the DTO has checked it already
    return {
      nombre: dto.nombre.trim(),
      descripcion: dto.descripcion === undefined && current ? current.descripcion : blankToNull(dto.descripcion),
      campos: dto.campos === undefined && current ? current.campos : normalizeFields(dto.campos),
      activo: dto.activo ?? current?.activo ?? true,
      valor: money.amount,
    };
  }

  private find(therapist: User, id: string): Promise<SessionType> {
    return this.access.therapistOwned(therapist, SessionType, id, { notFound: MSG.sessionTypes.notFound, where: { eliminadoEn: null } });
  }
}
