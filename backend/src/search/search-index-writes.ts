import { Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { execute } from '../common/sql/execute';
import {
  ANALYZE_INDEX_SQL,
  DELETE_PASSAGES_SQL,
  FORGET_STATE_SQL,
  INSERT_PASSAGES_SQL,
  SOURCE_SQL,
  STALE_SQL,
  WRITE_STATE_SQL,
} from './search-index.sql';
import { sessionPassages, type PassageRow, type SessionSource } from './search-passages';

/**
 * The index's format: raise it when the normalization or the passages change, and the sweep rebuilds every session
 * (the app runs it at start).
 */
export const SEARCH_INDEX_VERSION = 1;

/** Passages per INSERT (one JSON parameter of a few MB at most). */
const INSERT_BATCH = 2000;
/** Sessions per transaction of the sweep. */
const SWEEP_BATCH = 25;
/** A sweep that indexed this many sessions (a restore's, a migration's, a new format's) has the index analysed. */
const ANALYZE_AFTER_SESSIONS = 100;

/**
 * Rebuilds the passages of sessions `ids` in one transaction: the sessions are read locked (a write of one waits
 * until this commits), their passages deleted and written again, and the version indexed recorded. A session that
 * is gone meanwhile is skipped (its passages went with it). Answers how many sessions were indexed.
 */
export async function indexSessions(em: EntityManager, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return em.fork().transactional(async (tx) => {
    const json = JSON.stringify(ids);
    const sources = await execute<SessionSource & { updated_at: string }>(tx, SOURCE_SQL, [json]);
    const passages: PassageRow[] = sources.flatMap(sessionPassages);
    await execute(tx, DELETE_PASSAGES_SQL, [json]);
    for (let i = 0; i < passages.length; i += INSERT_BATCH) {
      await execute(tx, INSERT_PASSAGES_SQL, [JSON.stringify(passages.slice(i, i + INSERT_BATCH))]);
    }
    const states = sources.map((s) => ({ session_id: s.id, updated_at: s.updated_at }));
    if (states.length > 0) await execute(tx, WRITE_STATE_SQL, [SEARCH_INDEX_VERSION, JSON.stringify(states)]);
    return sources.length;
  });
}

const logger = new Logger('Search');

/**
 * After a write of a session's fields (sessions.service.ts, session-writes.ts' callers): its passages rebuilt at
 * once. A failure does not undo the write nor fail its request: it is logged, and the sweep indexes the session.
 */
export async function refreshSessionIndex(em: EntityManager, id: string): Promise<void> {
  try {
    await indexSessions(em, [id]);
  } catch (error) {
    logger.warn(`Session ${id} was not indexed for search now (the sweep will): ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Indexes every session the index does not hold as it is (never indexed, changed since, an older format), a few at
 * a time: after the migration, a restore, the demo's seeding, or a rebuild that failed after its session was
 * saved; with `all`, every session. Analyses the index once `analyzeAfter` sessions were indexed (by default
 * ANALYZE_AFTER_SESSIONS; 0: always). Answers how many were indexed.
 */
export async function sweepSearchIndex(em: EntityManager, { all = false, analyzeAfter = ANALYZE_AFTER_SESSIONS } = {}): Promise<number> {
  if (all) await execute(em.fork(), FORGET_STATE_SQL, []);
  let indexed = 0;
  // One pass in id order: a session written again meanwhile is rebuilt by that write itself.
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await execute<{ id: string }>(em.fork(), STALE_SQL, [after, SEARCH_INDEX_VERSION, SWEEP_BATCH]);
    if (rows.length === 0) {
      if (indexed >= analyzeAfter) await execute(em.fork(), ANALYZE_INDEX_SQL, []);
      return indexed;
    }
    indexed += await indexSessions(
      em,
      rows.map((r) => r.id),
    );
    after = rows[rows.length - 1].id;
  }
}
