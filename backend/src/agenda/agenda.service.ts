import { randomUUID } from 'node:crypto';
import { BadRequestException, ConflictException, Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { AGENDA_LIMITS, fillMessage, formatAppointmentTime, MSG, type AppointmentConflict } from '@consulta/shared';
import type { User } from '../auth/entities/user.entity';
import { PatientAccess } from '../access/patient-access.service';
import { problem } from '../common/errors/error.dto';
import { execute } from '../common/sql/execute';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { therapistZone } from '../therapists/therapist-zone.sql';
import { addMinutes, parseInstant, seriesStarts, shiftLike } from './agenda-time';
import { AgendaMail } from './agenda-mail.service';
import { AppointmentsQuery, type AppointmentRange } from './appointments.query';
import type { AppointmentDto, CancelAppointmentDto, CreateAppointmentDto, UpdateAppointmentDto } from './dto/appointment.dto';
import { Appointment } from './entities/appointment.entity';

/** A span of time an appointment would take. */
interface Span {
  inicio: Date;
  fin: Date;
}

const blankToNull = (v: string | null | undefined): string | null => (v?.trim() ? v.trim() : null);

/**
 * The therapist's agenda: every method starts at the access door (an appointment of a patient who is not the
 * caller's does not exist for them). Writes take the therapist's agenda lock, so two requests cannot both pass the
 * overlap check and then both book the same hour.
 */
@Injectable()
export class AgendaService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: PatientAccess,
    private readonly query: AppointmentsQuery,
    private readonly mail: AgendaMail,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  zone(therapistId: string): Promise<string> {
    return therapistZone(this.em, therapistId, this.config.agenda.defaultTimeZone);
  }

  async list(user: User, range: AppointmentRange, patientId: string | undefined): Promise<AppointmentDto[]> {
    if (patientId !== undefined) await this.access.patient(user, patientId);
    return this.query.list(user.id, range, patientId);
  }

  /** Every appointment of the patient, the therapist's notes included (the therapist's export). */
  async ofPatient(user: User, patientId: string): Promise<AppointmentDto[]> {
    const patient = await this.access.patient(user, patientId);
    return this.query.ofPatient(patient.id);
  }

  async create(user: User, dto: CreateAppointmentDto): Promise<AppointmentDto[]> {
    const patient = await this.access.patient(user, dto.paciente_id);
    const zone = await this.zone(user.id);
    const start = parseInstant(dto.inicio)!;
    const starts = dto.repetir ? seriesStarts(start, zone, dto.repetir) : [start];
    if ('error' in starts) {
      const detail =
        starts.error === 'tooMany'
          ? fillMessage(MSG.agenda.tooManyInSeries, { max: AGENDA_LIMITS.seriesMax })
          : MSG.agenda.untilBeforeStart;
      throw new BadRequestException(problem(detail, 'VALIDATION'));
    }
    const serieId = starts.length > 1 ? randomUUID() : null;
    const spans = starts.map((inicio) => ({ inicio, fin: addMinutes(inicio, dto.duracion_minutos) }));
    const ids = await this.em.transactional(async (em) => {
      await this.lockAgenda(em, user.id);
      if (!dto.permitir_solapamiento) await this.refuseOverlaps(em, user.id, spans, []);
      const created = spans.map((span) =>
        em.create(Appointment, {
          therapist: user.id,
          patient,
          ...span,
          duracionMinutos: dto.duracion_minutos,
          modalidad: dto.modalidad,
          lugarOEnlace: blankToNull(dto.lugar_o_enlace),
          notas: blankToNull(dto.notas),
          serieId,
        }),
      );
      await em.flush();
      return created.map((a) => a.id);
    });
    return this.query.byIds(ids);
  }

  /**
   * Changes what is sent. `alcance: 'siguientes'` applies it to the later appointments of the series that are not
   * cancelled (a move shifts each by the same days and sets the same time of day, in the therapist's zone); a
   * state is this appointment's alone. A move ends a confirmation (the patient confirmed another time).
   */
  async update(user: User, id: string, dto: UpdateAppointmentDto): Promise<AppointmentDto[]> {
    const ids = await this.em.transactional(async (em) => {
      const appointment = await this.lockedOwned(em, user, id);
      const restoring = appointment.estado === 'cancelada' && dto.estado !== undefined;
      if (appointment.estado === 'cancelada' && !restoring) throw new ConflictException(problem(MSG.agenda.cancelled, 'CONFLICT'));
      const targets = await this.withLater(em, appointment, dto.alcance);
      const zone = dto.inicio !== undefined && targets.length > 1 ? await this.zone(user.id) : '';
      const newStart = dto.inicio !== undefined ? parseInstant(dto.inicio)! : null;
      const oldStart = appointment.inicio;
      for (const target of targets) {
        const moved = newStart && (target === appointment ? newStart : shiftLike(target.inicio, oldStart, newStart, zone));
        const minutes = dto.duracion_minutos ?? target.duracionMinutos;
        const timeChanged = (moved && moved.getTime() !== target.inicio.getTime()) || minutes !== target.duracionMinutos;
        if (moved) target.inicio = moved;
        target.duracionMinutos = minutes;
        target.fin = addMinutes(target.inicio, minutes);
        if (dto.modalidad !== undefined) target.modalidad = dto.modalidad;
        if (dto.lugar_o_enlace !== undefined) target.lugarOEnlace = blankToNull(dto.lugar_o_enlace);
        if (dto.notas !== undefined) target.notas = blankToNull(dto.notas);
        if (timeChanged && target.estado === 'confirmada') {
          target.estado = 'programada';
          target.confirmadaEn = null;
        }
        target.version += 1;
      }
      if (dto.estado !== undefined) this.setState(appointment, dto.estado);
      const active = targets.filter((t) => t.estado !== 'cancelada');
      if (!dto.permitir_solapamiento && active.length > 0) {
        await this.refuseOverlaps(
          em,
          user.id,
          active.map((t) => ({ inicio: t.inicio, fin: t.fin })),
          targets.map((t) => t.id),
        );
      }
      await em.flush();
      return targets.map((t) => t.id);
    });
    return this.query.byIds(ids);
  }

  /** Cancels the appointment (and, with `siguientes`, the later ones of its series still to happen); mails the patient unless told not to. */
  async cancel(user: User, id: string, dto: CancelAppointmentDto): Promise<AppointmentDto[]> {
    const ids = await this.em.transactional(async (em) => {
      const appointment = await this.lockedOwned(em, user, id);
      if (appointment.estado === 'cancelada') throw new ConflictException(problem(MSG.agenda.alreadyCancelled, 'CONFLICT'));
      if (appointment.estado !== 'programada' && appointment.estado !== 'confirmada') {
        throw new ConflictException(problem(MSG.agenda.notCancellable, 'CONFLICT'));
      }
      const targets = (await this.withLater(em, appointment, dto.alcance)).filter(
        (t) => t.estado === 'programada' || t.estado === 'confirmada',
      );
      const now = new Date();
      for (const target of targets) {
        target.estado = 'cancelada';
        target.canceladaPor = 'terapeuta';
        target.motivoCancelacion = blankToNull(dto.motivo);
        target.canceladaEn = now;
        target.version += 1;
      }
      await em.flush();
      return targets.map((t) => t.id);
    });
    if (dto.avisar_paciente !== false) await this.mail.cancelledByTherapist(ids);
    return this.query.byIds(ids);
  }

  /** The appointment `id` of one of the caller's patients (or 404), read again in `em` once the agenda is locked. */
  private async lockedOwned(em: EntityManager, user: User, id: string): Promise<Appointment> {
    await this.access.owned(user, Appointment, id, { notFound: MSG.agenda.notFound });
    await this.lockAgenda(em, user.id);
    return em.findOneOrFail(Appointment, id, { refresh: true });
  }

  /** The appointment, and with `siguientes` the later ones of its series that are not cancelled, in time order. */
  private async withLater(em: EntityManager, appointment: Appointment, scope: string | null | undefined): Promise<Appointment[]> {
    if (scope !== 'siguientes' || !appointment.serieId) return [appointment];
    const later = await em.find(
      Appointment,
      { serieId: appointment.serieId, inicio: { $gt: appointment.inicio }, estado: { $ne: 'cancelada' }, therapist: appointment.therapist },
      { orderBy: { inicio: 'asc' } },
    );
    return [appointment, ...later];
  }

  private setState(appointment: Appointment, estado: NonNullable<UpdateAppointmentDto['estado']>): void {
    if (appointment.estado === estado) return;
    if (appointment.estado === 'cancelada') {
      appointment.canceladaPor = null;
      appointment.motivoCancelacion = null;
      appointment.canceladaEn = null;
    }
    appointment.confirmadaEn =
      estado === 'confirmada' ? (appointment.confirmadaEn ?? new Date()) : estado === 'programada' ? null : appointment.confirmadaEn;
    appointment.estado = estado;
  }

  /** Serializes the writes to one therapist's agenda until the transaction ends. */
  private async lockAgenda(em: EntityManager, therapistId: string): Promise<void> {
    await execute(em, `select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`agenda:${therapistId}`]);
  }

  /** 409 APPOINTMENT_OVERLAP naming the appointments (not cancelled, not among `except`) that overlap any span. */
  private async refuseOverlaps(em: EntityManager, therapistId: string, spans: Span[], except: string[]): Promise<void> {
    const conflicts: AppointmentConflict[] = await this.query.overlapping(em, therapistId, spans, except);
    if (conflicts.length === 0) return;
    const zone = await this.zone(therapistId);
    const lista = conflicts
      .slice(0, 5)
      .map((c) => `${formatAppointmentTime(c.inicio, zone)} con ${c.paciente.nombre} ${c.paciente.apellido}`)
      .join('; ');
    throw new ConflictException({
      ...problem(fillMessage(MSG.agenda.overlap, { lista }), 'APPOINTMENT_OVERLAP'),
      conflictos: conflicts,
    });
  }
}
