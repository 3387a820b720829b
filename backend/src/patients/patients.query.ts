import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import type { ListParams } from '../common/http/ra-list';
import type { PatientDetailDto, PatientItemDto } from './dto/patient-item.dto';
import { foldText } from './name-key';

/** Fields of the list a client may sort by (ra-data-simple-rest `sort`). */
export const PATIENT_SORT_FIELDS = [
  'id',
  'nombre',
  'apellido',
  'edad',
  'email',
  'fecha_nacimiento',
  'estado_civil',
  'profesion_ocupacion',
  'nivel_escolaridad',
  'tipo_servicio',
  'fecha_creacion',
  'total_sesiones',
  'total_tiempo_minutos',
] as const;
export type PatientSortField = (typeof PATIENT_SORT_FIELDS)[number];
export const PATIENT_FILTERS = ['q', 'id'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);


/**
 * Columns of a list item. Session totals come from the lateral `s` (zero until the sessions table exists;
 * then it becomes an aggregate over that patient's sessions, still inside the same statement).
 */
const ITEM_COLUMNS = `
  p.id::text as id, p.nombre, p.apellido, p.edad, u.email, p.telefono_paciente,
  p.fecha_nacimiento::text as fecha_nacimiento, p.estado_civil, p.profesion_ocupacion, p.nivel_escolaridad,
  p.propuesta_terapia, p.ha_hecho_terapia, p.ha_hecho_psicodelicos, p.ha_hecho_constelaciones, p.tipo_servicio,
  extract(epoch from p.fecha_creacion)::float8 * 1000 as fecha_creacion,
  p.therapist_id::text as terapeuta_id, s.total_sesiones, s.total_tiempo_minutos,
  p.whatsapp_mensajeria_consentimiento`;

const DETAIL_COLUMNS = `${ITEM_COLUMNS},
  p.telefono, p.fecha_ingreso::text as fecha_ingreso, p.estado_terapia, p.notas_terapeuticas,
  p.objetivos_terapia, p.plan_tratamiento, s.ultima_sesion, null::text as proxima_cita`;

/** Hidden sort keys of the list (stored folded names; not part of the answer). */
const SORT_KEYS = 'p.nombre_key, p.apellido_key';

/** Sort field → column of the `filtered` CTE. */
const SORT_COLUMN: Record<PatientSortField, string> = {
  ...(Object.fromEntries(PATIENT_SORT_FIELDS.map((f) => [f, f])) as Record<PatientSortField, string>),
  nombre: 'nombre_key',
  apellido: 'apellido_key',
};

const FROM = `
  from patients p
  join users u on u.id = p.user_id
  cross join lateral (
    select 0::int as total_sesiones, 0::int as total_tiempo_minutos, null::text as ultima_sesion
  ) s`;

type Row = Record<string, unknown>;

const toItem = (r: Row): PatientItemDto => ({
  id: r.id as string,
  nombre: r.nombre as string,
  apellido: r.apellido as string,
  edad: r.edad === null ? null : Number(r.edad),
  email: r.email as string,
  telefono_paciente: r.telefono_paciente as string | null,
  fecha_nacimiento: r.fecha_nacimiento as string | null,
  estado_civil: r.estado_civil as string | null,
  profesion_ocupacion: r.profesion_ocupacion as string | null,
  nivel_escolaridad: r.nivel_escolaridad as string | null,
  propuesta_terapia: r.propuesta_terapia as string | null,
  ha_hecho_terapia: r.ha_hecho_terapia as boolean | null,
  ha_hecho_psicodelicos: r.ha_hecho_psicodelicos as boolean | null,
  ha_hecho_constelaciones: r.ha_hecho_constelaciones as boolean | null,
  tipo_servicio: r.tipo_servicio as string | null,
  fecha_creacion: new Date(Number(r.fecha_creacion)).toISOString(),
  terapeuta_id: r.terapeuta_id as string,
  total_sesiones: Number(r.total_sesiones),
  total_tiempo_minutos: Number(r.total_tiempo_minutos),
  whatsapp_mensajeria_consentimiento: r.whatsapp_mensajeria_consentimiento as boolean,
});

const toDetail = (r: Row): PatientDetailDto => ({
  ...toItem(r),
  telefono: r.telefono as string | null,
  fecha_ingreso: r.fecha_ingreso as string | null,
  estado_terapia: r.estado_terapia as string,
  notas_terapeuticas: r.notas_terapeuticas as string | null,
  objetivos_terapia: r.objetivos_terapia as string | null,
  plan_tratamiento: r.plan_tratamiento as string | null,
  ultima_sesion: r.ultima_sesion as string | null,
  proxima_cita: r.proxima_cita as string | null,
});

/**
 * Read side of patients: plain SQL through the EntityManager's connection, mapped straight to DTOs (no entity
 * hydration). A page and its total come from one statement.
 */
@Injectable()
export class PatientsQuery {
  constructor(private readonly em: EntityManager) {}

  async list(therapistId: string, params: ListParams<PatientSortField>): Promise<{ items: PatientItemDto[]; total: number }> {
    const where = ['p.therapist_id = ?'];
    const values: unknown[] = [therapistId];
    const q = typeof params.filter.q === 'string' ? foldText(params.filter.q) : '';
    if (q) {
      where.push(`strpos(p.nombre_key || ' ' || p.apellido_key, ?) > 0`);
      values.push(q);
    }
    if (params.filter.id !== undefined) {
      const ids = (Array.isArray(params.filter.id) ? params.filter.id : [params.filter.id]).filter(isUuid);
      if (ids.length === 0) return { items: [], total: 0 };
      where.push(`p.id in (${ids.map(() => '?').join(', ')})`);
      values.push(...ids);
    }
    const order = params.sort
      ? `${SORT_COLUMN[params.sort.field]} ${params.sort.order}${params.sort.field === 'id' ? '' : ', id asc'}`
      : 'nombre_key asc, apellido_key asc, id asc';
    const page = params.range ? `limit ${params.range.end - params.range.start + 1} offset ${params.range.start}` : '';
    const sql = `
      with filtered as (select ${ITEM_COLUMNS}, ${SORT_KEYS} ${FROM} where ${where.join(' and ')})
      select t.total, f.*
      from (select count(*)::int as total from filtered) t
      left join lateral (select * from filtered order by ${order} ${page}) f on true`;
    const rows = await this.execute(sql, values);
    const total = rows.length > 0 ? Number(rows[0].total) : 0;
    return { items: rows.filter((r) => r.id !== null).map(toItem), total };
  }

  async findOne(therapistId: string, patientId: string): Promise<PatientDetailDto | null> {
    if (!isUuid(patientId)) return null;
    const rows = await this.execute(`select ${DETAIL_COLUMNS} ${FROM} where p.id = ? and p.therapist_id = ?`, [patientId, therapistId]);
    return rows.length > 0 ? toDetail(rows[0]) : null;
  }

  /** Deletes the patient's user; the patient row and everything of theirs follow by ON DELETE CASCADE. */
  async deleteWithUser(therapistId: string, patientId: string): Promise<boolean> {
    const rows = await this.execute(
      `delete from users where id = (select user_id from patients where id = ? and therapist_id = ?) returning id`,
      [patientId, therapistId],
    );
    return rows.length > 0;
  }

  private execute(sql: string, params: unknown[]): Promise<Row[]> {
    return this.em.getConnection().execute<Row[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}
