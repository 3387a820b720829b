import { describe, expect, it, vi } from 'vitest';
import { getToasts, showToast, toast, type ToastInput } from './toastStore';

/** A toast a toaster shows at once (as the app's does). */
function shown(input: ToastInput): number {
  const id = toast(input);
  showToast(id);
  return id;
}

describe('toasts', () => {
  it('keeps at most 2 visible, dropping the oldest', () => {
    for (const title of ['a', 'b', 'c']) toast({ title });
    expect(getToasts().map((t) => t.title)).toEqual(['b', 'c']);
  });

  it('keeps an error until it is closed, whatever duration it is given, unless it expires', () => {
    vi.useFakeTimers();
    shown({ title: 'error', variant: 'error', duration: 4000 });
    shown({ title: 'expiry', variant: 'error', duration: 5000, expires: true });
    vi.advanceTimersByTime(60_000);
    expect(getToasts().map((t) => t.title)).toEqual(['error']);
  });

  it('lasts 4 s by default, or the given duration', () => {
    vi.useFakeTimers();
    shown({ title: 'default' });
    shown({ title: 'long', duration: 8000 });
    vi.advanceTimersByTime(4000);
    expect(getToasts().map((t) => t.title)).toEqual(['long']);
    vi.advanceTimersByTime(4000);
    expect(getToasts()).toEqual([]);
  });

  it('counts its time only while a toaster shows it', () => {
    vi.useFakeTimers();
    const id = toast({ title: 'Sesión cerrada' });
    // Not shown yet (a busy page, or /login's toaster still loading): its 4 s have not begun.
    vi.advanceTimersByTime(10_000);
    expect(getToasts()).toHaveLength(1);
    const hide = showToast(id);
    vi.advanceTimersByTime(3000);
    hide(); // its toaster leaves
    vi.advanceTimersByTime(10_000);
    expect(getToasts()).toHaveLength(1);
    showToast(id); // another toaster shows it: the second left
    vi.advanceTimersByTime(999);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toEqual([]);
  });
});
