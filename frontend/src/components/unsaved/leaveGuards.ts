/**
 * The forms that hold changes not saved yet, newest last: the one navigation blocker (LeaveGuardHost) asks them
 * before the page changes. Framework-free, so the blocker and the forms share it without a React context.
 */
export interface LeaveGuard {
  /** Something typed would be lost by leaving now (read at the moment of leaving). */
  isDirty(): boolean;
  /** Saves what it can before leaving (the new-session draft); true when nothing is left unsaved. */
  saveFirst?: () => Promise<boolean>;
  /** Asks the user; true to leave without saving. */
  ask(): Promise<boolean>;
}

const guards: LeaveGuard[] = [];
let passing = false;

/** Adds a form while it is mounted; answers its removal. */
export function registerLeaveGuard(guard: LeaveGuard): () => void {
  guards.push(guard);
  return () => {
    const at = guards.indexOf(guard);
    if (at >= 0) guards.splice(at, 1);
  };
}

/** The newest form with unsaved changes (a dialog opened over a page comes after the page). */
export function dirtyLeaveGuard(): LeaveGuard | undefined {
  for (let i = guards.length - 1; i >= 0; i--) if (guards[i].isDirty()) return guards[i];
  return undefined;
}

/**
 * The navigation started in this task goes through without asking: signing out and an expired session leave the
 * area whatever is on screen (the server would refuse the changes anyway).
 */
export function leaveWithoutAsking(): void {
  passing = true;
  setTimeout(() => {
    passing = false;
  }, 0);
}

/** Whether a move from `from` to `to` (paths) must wait for the forms: another page, and something unsaved. */
export function mustAskBeforeLeaving(from: string, to: string): boolean {
  return !passing && from !== to && dirtyLeaveGuard() !== undefined;
}

/** Decides a blocked move: the form saves first where it can, else the user is asked. True to leave. */
export async function settleLeave(guard: LeaveGuard): Promise<boolean> {
  if (guard.saveFirst) {
    const saved = await guard.saveFirst().catch(() => false);
    if (saved && !guard.isDirty()) return true;
  }
  return guard.ask();
}
