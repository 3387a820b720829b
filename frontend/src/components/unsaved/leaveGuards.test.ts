import { afterEach, describe, expect, it, vi } from 'vitest';
import { dirtyLeaveGuard, leaveWithoutAsking, mustAskBeforeLeaving, registerLeaveGuard, settleLeave, type LeaveGuard } from './leaveGuards';

const removals: (() => void)[] = [];
function guard(over: Partial<LeaveGuard> & { dirty?: boolean } = {}): LeaveGuard {
  const g: LeaveGuard = { isDirty: () => over.dirty ?? false, ask: vi.fn(() => Promise.resolve(false)), ...over };
  removals.push(registerLeaveGuard(g));
  return g;
}

afterEach(() => {
  removals.splice(0).forEach((remove) => remove());
});

describe('leave guards', () => {
  it('a move to another page waits only while a form is dirty; a change of query on the same page never waits', () => {
    expect(mustAskBeforeLeaving('/a', '/b')).toBe(false);
    const form = guard({ dirty: false });
    expect(mustAskBeforeLeaving('/a', '/b')).toBe(false);
    form.isDirty = () => true;
    expect(mustAskBeforeLeaving('/a', '/b')).toBe(true);
    expect(mustAskBeforeLeaving('/a', '/a')).toBe(false);
  });

  it('the newest dirty form answers (a dialog over its page); a removed form no longer counts', () => {
    const page = guard({ dirty: true });
    const dialog = guard({ dirty: true });
    expect(dirtyLeaveGuard()).toBe(dialog);
    removals.pop()!();
    expect(dirtyLeaveGuard()).toBe(page);
    removals.pop()!();
    expect(dirtyLeaveGuard()).toBeUndefined();
  });

  it('signing out passes through once, within the same task', () => {
    vi.useFakeTimers();
    guard({ dirty: true });
    leaveWithoutAsking();
    expect(mustAskBeforeLeaving('/dashboard/terapeuta/perfil', '/')).toBe(false);
    vi.runAllTimers();
    expect(mustAskBeforeLeaving('/dashboard/terapeuta/perfil', '/')).toBe(true);
  });

  it('a form that saves first leaves without asking; when saving fails, or leaves something unsaved, it asks', async () => {
    let dirty = true;
    const saving = guard({
      isDirty: () => dirty,
      saveFirst: () => {
        dirty = false;
        return Promise.resolve(true);
      },
    });
    await expect(settleLeave(saving)).resolves.toBe(true);
    expect(saving.ask).not.toHaveBeenCalled();

    const failing = guard({
      dirty: true,
      saveFirst: () => Promise.reject(new Error('sin conexión')),
      ask: vi.fn(() => Promise.resolve(true)),
    });
    await expect(settleLeave(failing)).resolves.toBe(true);
    expect(failing.ask).toHaveBeenCalledTimes(1);

    const halfSaved = guard({ dirty: true, saveFirst: () => Promise.resolve(true) });
    await expect(settleLeave(halfSaved)).resolves.toBe(false);
    expect(halfSaved.ask).toHaveBeenCalledTimes(1);
  });
});
