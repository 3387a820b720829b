import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import type { ListParams } from '../common/http/ra-list';
import { isUuid } from '../common/validation/uuid';
import type { PatientDetailDto } from './dto/patient-item.dto';
import { foldText } from './name-key';
import { compareRows, orderBySql, type PatientSortField } from './patient-order';
import { DETAIL_COLUMNS, DETAIL_FROM, FROM, ITEM_COLUMNS, type DetailRow, type ItemRow } from './patients.sql';

export { PATIENT_SORT_FIELDS, type PatientSortField } from './patient-order';
export const PATIENT_FILTERS = ['q', 'id'] as const;

/**
 * Read side of patients: plain SQL through the EntityManager's connection whose rows are already in the answer's
 * shape (no entity hydration, no per-row mapping), one statement per list request. List rows keep their sort
 * keys: the controller writes them with ITEM_FIELDS.
 */
@Injectable()
export class PatientsQuery {
  constructor(private readonly em: EntityManager) {}

  /**
   * The whole list (no range) is fetched unsorted and sorted in memory: the total is its length, and the
   * database does no sort or count. A page lets the database sort, count (window) and cut.
   */
  async list(therapistId: string, params: ListParams<PatientSortField>): Promise<{ items: ItemRow[]; total: number }> {
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
    const condition = where.join(' and ');
    if (!params.range) {
      const rows = await this.execute<ItemRow>(`select ${ITEM_COLUMNS} ${FROM} where ${condition}`, values);
      return { items: rows.sort(compareRows(params.sort)), total: rows.length };
    }
    const { start, end } = params.range;
    const rows = await this.execute<ItemRow>(
      `select count(*) over () as total, ${ITEM_COLUMNS} ${FROM} where ${condition}
       order by ${orderBySql(params.sort)} limit ${end - start + 1} offset ${start}`,
      values,
    );
    if (rows.length > 0) return { items: rows, total: Number(rows[0].total) };
    if (start === 0) return { items: [], total: 0 };
    const [count] = await this.execute<{ total: string }>(`select count(*) as total ${FROM} where ${condition}`, values);
    return { items: [], total: Number(count.total) };
  }

  async findOne(therapistId: string, patientId: string): Promise<PatientDetailDto | null> {
    if (!isUuid(patientId)) return null;
    const [row] = await this.execute<DetailRow>(`select ${DETAIL_COLUMNS} ${DETAIL_FROM} where p.id = ? and p.therapist_id = ?`, [
      patientId,
      therapistId,
    ]);
    if (!row) return null;
    const { nombre_key: _n, apellido_key: _a, ...detail } = row;
    return detail;
  }

  /** Deletes the patient's user; the patient row and everything of theirs follow by ON DELETE CASCADE. */
  async deleteWithUser(therapistId: string, patientId: string): Promise<boolean> {
    const rows = await this.execute<{ id: string }>(
      `delete from users where id = (select user_id from patients where id = ? and therapist_id = ?) returning id`,
      [patientId, therapistId],
    );
    return rows.length > 0;
  }

  private execute<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params, 'all', this.em.getTransactionContext());
  }
}
