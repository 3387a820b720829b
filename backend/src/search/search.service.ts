import { BadRequestException, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { MSG, SEARCH_LIMITS, parseSearchQuery, type SessionSearchResult } from '@consulta/shared';
import type { User } from '../auth/entities/user.entity';
import { PatientAccess } from '../access/patient-access.service';
import { problem } from '../common/errors/error.dto';
import { execute } from '../common/sql/execute';
import type { SearchSessionsQueryDto } from './dto/search.dto';
import type { PassageTurns } from './entities/session-search-passage.entity';
import { firstMatch, fragmentOf, turnStart } from './search-fragment';
import { searchSql, type SearchScope } from './search.sql';

type ResultRow = Omit<SessionSearchResult, 'fragmento' | 'inicio_segundos'> & { texto: string; turnos: PassageTurns | null };

/** The query's groups as a tsquery: words and phrases all required (terms are a-z0-9 only: nothing to escape). */
const toTsquery = (groups: string[][]): string => groups.map((g) => (g.length === 1 ? g[0] : `(${g.join(' <-> ')})`)).join(' & ');

/** The search across the sessions of a therapist's patients (see docs/decisions/search.md). */
@Injectable()
export class SearchService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: PatientAccess,
  ) {}

  async sessions(user: User, query: SearchSessionsQueryDto): Promise<SessionSearchResult[]> {
    const scope: SearchScope = query.paciente_id
      ? { sql: 'x.patient_id = ?', params: [(await this.access.patient(user, query.paciente_id)).id] }
      : this.practice(user);
    const groups = parseSearchQuery(query.q);
    if (groups.length === 0) throw new BadRequestException(problem(MSG.search.noWords, 'VALIDATION'));
    const { sql, params } = searchSql(scope);
    const limit = query.limit ? Number(query.limit) : SEARCH_LIMITS.defaultLimit;
    const rows = await execute<ResultRow>(this.em, sql, params({ tsquery: toTsquery(groups), limit }));
    return rows.map(({ texto, turnos, ...row }) => {
      const match = firstMatch(texto, groups);
      return { ...row, fragmento: fragmentOf(texto, match), inicio_segundos: turnStart(turnos, match) };
    });
  }

  /** Every patient of the caller (the one access check's scope), through the index of their therapist's passages. */
  private practice(user: User): SearchScope {
    const reachable = this.access.scopeSql(user, 'x.patient_id');
    return { sql: `x.therapist_id = ? and ${reachable.sql}`, params: [user.id, ...reachable.params] };
  }
}
