import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts, resetToasts, toast } from './toastStore';

afterEach(() => {
  resetToasts();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('keeps at most 2 visible, dropping the oldest', () => {
    for (const title of ['a', 'b', 'c']) toast({ title });
    expect(getToasts().map((t) => t.title)).toEqual(['b', 'c']);
  });

  it('keeps an error until it is closed, whatever duration it is given, unless it expires', () => {
    vi.useFakeTimers();
    toast({ title: 'error', variant: 'error', duration: 4000 });
    toast({ title: 'expiry', variant: 'error', duration: 5000, expires: true });
    vi.advanceTimersByTime(60_000);
    expect(getToasts().map((t) => t.title)).toEqual(['error']);
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
