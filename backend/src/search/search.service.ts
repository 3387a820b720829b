import { BadRequestException, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { MSG, SEARCH_LIMITS, parseSearchQuery, type SessionSearchResult } from '@consulta/shared';
import type { User } from '../auth/entities/user.entity';
import { PatientAccess } from '../access/patient-access.service';
import { inPracticeSql } from '../patients/patient-reads.sql';
import { problem } from '../common/errors/error.dto';
import { execute } from '../common/sql/execute';
import type { SearchSessionsQueryDto } from './dto/search.dto';
import type { PassageTurns } from './entities/session-search-passage.entity';
import { firstMatch, fragmentOf, turnStart } from './search-fragment';
import { searchCandidates, type SearchPlace } from './search-candidates';
import { RANKED_SQL } from './search.sql';

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
    const place: SearchPlace = query.paciente_id ? await this.patient(user, query.paciente_id) : this.practice(user);
    const groups = parseSearchQuery(query.q);
    if (groups.length === 0) throw new BadRequestException(problem(MSG.search.noWords, 'VALIDATION'));
    const words = toTsquery(groups);
    const candidates = await searchCandidates((sql, params) => execute(this.em, sql, params), place, words);
    if (candidates.length === 0) return [];
    const limit = query.limit ? Number(query.limit) : SEARCH_LIMITS.defaultLimit;
    const rows = await execute<ResultRow>(this.em, RANKED_SQL, [words, JSON.stringify(candidates), limit]);
    return rows.map(({ texto, turnos, ...row }) => {
      const match = firstMatch(texto, groups);
      return { ...row, fragmento: fragmentOf(texto, match), inicio_segundos: turnStart(turnos, match) };
    });
  }

  /** One patient of the caller (the one access check; 404 for another's). */
  private async patient(user: User, patientId: string): Promise<SearchPlace> {
    const { patientId: id } = await this.access.patientScope(user, patientId);
    return { patientId: id, scope: { sql: 'x.patient_id = ?', params: [id] } };
  }

  /** Every patient of the caller: the one access check's scope, in SQL. */
  private practice(user: User): SearchPlace {
    return { therapistId: user.id, scope: inPracticeSql(this.access.practice(user), 'x.patient_id') };
  }
}
