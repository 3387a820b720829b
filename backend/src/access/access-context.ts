import { AsyncLocalStorage } from 'node:async_hooks';

/** What one declared request has reached so far, and how its entries are written before an answer goes out. */
export interface AccessScope {
  readonly patients: Set<string>;
  /** Writes the request's entries now, as a success (once); the later outcome is then not recorded again. */
  recordNow(): Promise<void>;
}

const scopes = new AsyncLocalStorage<AccessScope>();

/** Runs `fn` (a declared route's handler) with `scope` as its request's access scope. */
export const withAccessScope = <T>(scope: AccessScope, fn: () => T): T => scopes.run(scope, fn);

/** Notes that the current request reached patient `id` (called by the one access check, PatientAccess). */
export function reachedPatient(id: string): void {
  scopes.getStore()?.patients.add(id);
}

/**
 * For a route that answers by itself (a stream): writes its entries before the first byte, so nothing is shown
 * that the history does not hold. Outside a declared route it does nothing.
 */
export async function recordBeforeAnswering(): Promise<void> {
  await scopes.getStore()?.recordNow();
}
