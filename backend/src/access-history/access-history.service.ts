import { BadRequestException, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import {
  ACCESS_GROUP_GAP_MINUTES,
  ACCESS_GROUP_MAX_ENTRIES,
  isAccessKind,
  MSG,
  type AccessHistoryGroup,
  type AccessHistoryItem,
  type AccessKind,
} from '@consulta/shared';
import type { User } from '../auth/entities/user.entity';
import { problem } from '../common/errors/error.dto';
import type { ListQueryDto } from '../common/http/list-query.dto';
import { parseListQuery } from '../common/http/ra-list';
import { execute } from '../common/sql/execute';
import { PatientAccess } from '../access/patient-access.service';
import { PATIENT_HISTORY_GROUP_COUNT_SQL, PATIENT_HISTORY_GROUPS_SQL, PATIENT_HISTORY_SQL } from './access-history.sql';

/** A page when the client names none: a history only grows. */
const DEFAULT_PAGE = 100;

/** The kind filter and the page a list query asks for (400 for an unknown kind). */
function pageOf(query: ListQueryDto): { kind: AccessKind | null; start: number; limit: number } {
  const { range, filter } = parseListQuery(query, { sort: [], filters: ['tipo'] });
  const tipo = filter.tipo ?? null;
  if (tipo !== null && !isAccessKind(tipo)) throw new BadRequestException(problem(MSG.accessHistory.kindFilter, 'VALIDATION'));
  return { kind: tipo, start: range?.start ?? 0, limit: range ? range.end - range.start + 1 : DEFAULT_PAGE };
}

type GroupRow = AccessHistoryGroup & { total: string };

const toGroup = ({ total: _total, ...group }: GroupRow): AccessHistoryGroup => group;

/** A patient's access history, for their therapist (the operator's export is `access-history.export.ts`). */
@Injectable()
export class AccessHistoryService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: PatientAccess,
  ) {}

  async list(user: User, patientId: string, query: ListQueryDto): Promise<{ items: AccessHistoryItem[]; total: number; start: number }> {
    const patient = await this.access.patient(user, patientId);
    const { kind, start, limit } = pageOf(query);
    const rows = await execute<AccessHistoryItem & { total: string }>(this.em, PATIENT_HISTORY_SQL, [patient.id, kind, kind, limit, start]);
    const total = rows.length > 0 ? Number(rows[0].total) : await this.count(patient.id, kind);
    return { items: rows.map(({ total: _total, ...item }) => item), total, start };
  }

  /**
   * The history as visits (`PATIENT_HISTORY_GROUPS_SQL`), newest first, paged by groups: one person's visit is one
   * row whatever page it falls on, and every entry is still there, inside its group, with what it read or did.
   */
  async groups(user: User, patientId: string, query: ListQueryDto): Promise<{ items: AccessHistoryGroup[]; total: number; start: number }> {
    const patient = await this.access.patient(user, patientId);
    const { kind, start, limit } = pageOf(query);
    const grouping = [patient.id, kind, kind, ACCESS_GROUP_GAP_MINUTES, ACCESS_GROUP_MAX_ENTRIES];
    const rows = await execute<GroupRow>(this.em, PATIENT_HISTORY_GROUPS_SQL, [...grouping, limit, start]);
    const total =
      rows.length > 0
        ? Number(rows[0].total)
        : Number((await execute<{ n: string }>(this.em, PATIENT_HISTORY_GROUP_COUNT_SQL, grouping))[0].n);
    return { items: rows.map(toGroup), total, start };
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
