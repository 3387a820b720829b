// `pg` comes with @mikro-orm/postgresql (the bench uses it too); @types/pg is not installed, so the tests declare
// the little they use.
declare module 'pg' {
  export interface QueryResult<T> {
    rows: T[];
    rowCount: number | null;
  }
  export class Client {
    constructor(config: { connectionString: string });
    connect(): Promise<void>;
    query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<T>>;
    end(): Promise<void>;
  }
}
