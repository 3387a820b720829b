import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SaveQueue } from './draftSaveQueue';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((res) => (resolve = res));
  return { promise, resolve };
}

describe('save queue', () => {
  beforeEach(() => vi.useFakeTimers());

  it('a run asked for while one is under way asks it for one more pass and answers the same run', async () => {
    const queue = new SaveQueue(() => undefined);
    const gate = deferred();
    const body = vi.fn(() => gate.promise);
    const first = queue.run(body);
    const second = queue.run(body);
    expect(second).toBe(first);
    expect(queue.again).toBe(true);
    expect(body).toHaveBeenCalledTimes(1);
    gate.resolve();
    await first;
    expect(queue.current).toBeNull();
  });

  it('schedules the next save, once: a new schedule replaces the old one, and nothing while stopped', () => {
    let stopped = false;
    const due = vi.fn();
    const queue = new SaveQueue(due, () => stopped);
    queue.schedule(2000);
    queue.schedule(2000);
    expect(queue.scheduled).toBe(true);
    vi.advanceTimersByTime(2000);
    expect(due).toHaveBeenCalledTimes(1);
    expect(queue.scheduled).toBe(false);
    stopped = true;
    queue.schedule(0);
    vi.advanceTimersByTime(10);
    expect(due).toHaveBeenCalledTimes(1);
  });

  it('an exclusive request waits for the run under way, holds the queue, and a pass asked meanwhile is scheduled at once', async () => {
    const due = vi.fn();
    const queue = new SaveQueue(due);
    const order: string[] = [];
    const gate = deferred();
    const run = queue.run(async () => {
      await gate.promise;
      order.push('save');
    });
    const writing = deferred();
    const write = queue.exclusive(async () => {
      order.push('write');
      await writing.promise;
      return 'written';
    });
    gate.resolve();
    await run;
    await vi.waitFor(() => expect(order).toEqual(['save', 'write']));
    // A save asked for while the write holds the queue becomes one more pass, scheduled when the write ends.
    void queue.run(() => Promise.resolve());
    expect(queue.again).toBe(true);
    writing.resolve();
    expect(await write).toBe('written');
    expect(order).toEqual(['save', 'write']);
    expect(queue.current).toBeNull();
    vi.advanceTimersByTime(0);
    expect(due).toHaveBeenCalledTimes(1);
  });

  it('an exclusive request that fails throws back and frees the queue', async () => {
    const queue = new SaveQueue(() => undefined);
    await expect(queue.exclusive(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(queue.current).toBeNull();
  });
});
