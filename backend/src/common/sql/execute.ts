import type { EntityManager } from '@mikro-orm/core';

/** Runs plain SQL on `em`'s connection, inside `em`'s transaction when it is a transactional one. */
export const execute = <T = Record<string, unknown>>(em: EntityManager, query: string, values: unknown[] = []): Promise<T[]> =>
  em.getConnection().execute<T[]>(query, values, 'all', em.getTransactionContext());

/** Runs one statement with `?` placeholders and answers its rows (the targeted writes of drafts and sessions take one). */
export type Execute = (sql: string, params: unknown[]) => Promise<unknown[]>;
