import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import type { AccessAction, AccessKind, Role } from '@consulta/shared';
import { execute } from '../common/sql/execute';
import { joinPatient } from '../patients/patient-reads.sql';

/** An entry as the writer takes it (snake_case: it goes to PostgreSQL as JSON as it is). */
export interface NewAccessEntry {
  occurred_at: string;
  patient_id: string | null;
  actor_id: string;
  actor_role: Role;
  kind: AccessKind;
  action: AccessAction;
  method: string;
  path: string;
  status: number;
  success: boolean;
  ip: string | null;
  user_agent: string | null;
}

/** At most this many entries per INSERT (one JSON parameter; a burst is written in several statements). */
const MAX_BATCH = 500;

/**
 * One statement for any number of entries. A patient (or actor) gone by now, e.g. deleted by that very request,
 * leaves the entry without one instead of failing it: the request's path still names the id.
 */
const INSERT_SQL = `insert into access_history
    (occurred_at, patient_id, actor_id, actor_role, kind, action, method, path, status, success, ip, user_agent)
  select e.occurred_at, p.id, u.id, e.actor_role, e.kind, e.action, e.method, e.path, e.status, e.success, e.ip, e.user_agent
  from jsonb_to_recordset(?::jsonb) as e(occurred_at timestamptz, patient_id uuid, actor_id uuid, actor_role text, kind text,
    action text, method text, path text, status smallint, success boolean, ip text, user_agent text)
  ${joinPatient('e.patient_id', 'p', true)}
  left join users u on u.id = e.actor_id`;

interface Waiting {
  entries: NewAccessEntry[];
  done: (error?: unknown) => void;
}

/**
 * Group commit: a request's entries are durable when `write` resolves. While one INSERT is on its way, the entries
 * of every request that settles meanwhile wait and go together in the next one, so under load a request waits for
 * at most two statements and the database sees one INSERT per group, not one per request.
 */
@Injectable()
export class AccessHistoryWriter {
  private waiting: Waiting[] = [];
  private flushing: Promise<void> | null = null;

  constructor(private readonly em: EntityManager) {}

  write(entries: NewAccessEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiting.push({ entries, done: (error) => (error === undefined ? resolve() : reject(error)) });
      this.flushing ??= this.flush();
    });
  }

  private async flush(): Promise<void> {
    while (this.waiting.length > 0) {
      const group = this.takeGroup();
      try {
        await execute(this.em.fork(), INSERT_SQL, [JSON.stringify(group.flatMap((w) => w.entries))]);
        for (const w of group) w.done();
      } catch (error) {
        for (const w of group) w.done(error ?? new Error('access history not written'));
      }
    }
    this.flushing = null;
  }

  /** The oldest waiting requests, up to MAX_BATCH entries (a request's entries are never split). */
  private takeGroup(): Waiting[] {
    let count = 0;
    let n = 0;
    while (n < this.waiting.length && (n === 0 || count + this.waiting[n].entries.length <= MAX_BATCH)) {
      count += this.waiting[n].entries.length;
      n += 1;
    }
    return this.waiting.splice(0, n);
  }
}
