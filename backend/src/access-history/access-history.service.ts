import { BadRequestException, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { isAccessKind, MSG, type AccessHistoryItem } from '@consulta/shared';
import type { User } from '../auth/entities/user.entity';
import { problem } from '../common/errors/error.dto';
import type { ListQueryDto } from '../common/http/list-query.dto';
import { parseListQuery } from '../common/http/ra-list';
import { execute } from '../common/sql/execute';
import { PatientAccess } from '../access/patient-access.service';
import { PATIENT_HISTORY_SQL } from './access-history.sql';

/** A page when the client names none: a history only grows. */
const DEFAULT_PAGE = 100;

/** A patient's access history, for their therapist (the operator's export is `access-history.export.ts`). */
@Injectable()
export class AccessHistoryService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: PatientAccess,
  ) {}

  async list(user: User, patientId: string, query: ListQueryDto): Promise<{ items: AccessHistoryItem[]; total: number; start: number }> {
    const patient = await this.access.patient(user, patientId);
    const { range, filter } = parseListQuery(query, { sort: [], filters: ['tipo'] });
    const kind = filter.tipo ?? null;
    if (kind !== null && !isAccessKind(kind)) throw new BadRequestException(problem(MSG.accessHistory.kindFilter, 'VALIDATION'));
    const start = range?.start ?? 0;
    const limit = range ? range.end - range.start + 1 : DEFAULT_PAGE;
    const rows = await execute<AccessHistoryItem & { total: string }>(this.em, PATIENT_HISTORY_SQL, [patient.id, kind, kind, limit, start]);
    const total = rows.length > 0 ? Number(rows[0].total) : await this.count(patient.id, kind);
    return { items: rows.map(({ total: _total, ...item }) => item), total, start };
  }

  /** The total of a page past the end (the window count then has no row to ride on). */
  private async count(patientId: string, kind: string | null): Promise<number> {
    const [row] = await execute<{ n: string }>(
      this.em,
      'select count(*) as n from access_history where patient_id = ? and (?::text is null or kind = ?)',
      [patientId, kind, kind],
    );
    return Number(row.n);
  }
}
