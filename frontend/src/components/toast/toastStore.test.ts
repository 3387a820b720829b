import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts, resetToasts, toast } from './toastStore';

afterEach(() => {
  resetToasts();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('keeps at most 3 visible, dropping the oldest', () => {
    for (const title of ['a', 'b', 'c', 'd']) toast({ title });
    expect(getToasts().map((t) => t.title)).toEqual(['b', 'c', 'd']);
  });

  it('lasts 4 s by default, or the given duration', () => {
    vi.useFakeTimers();
    toast({ title: 'default' });
    toast({ title: 'long', duration: 8000 });
    vi.advanceTimersByTime(4000);
    expect(getToasts().map((t) => t.title)).toEqual(['long']);
    vi.advanceTimersByTime(4000);
    expect(getToasts()).toEqual([]);
  });
});
