import { DEFAULT_TOAST_MS, MAX_VISIBLE_TOASTS } from '@consulta/shared';

/**
 * One toast system for the whole app (public pages, both shells and non-React code such as the fetch
 * wrapper). Toasts sit top-right (below an open dialog's title), at most 2 are visible (a third drops the oldest);
 * they last 4 s unless told otherwise, and errors stay until closed: a failure is read, not missed. A toast's time
 * counts while a toaster shows it (`showToast`), not from when it was made: a page busy loading, or the gap while
 * another toaster takes over, does not shorten what the user sees.
 */
export type ToastVariant = 'success' | 'error' | 'info' | 'warning';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; null keeps it until closed. An error ignores it and stays, unless `expires`. */
  duration?: number | null;
  /** An error that leaves after its duration all the same (the session-expiry notice, which the spec times). */
  expires?: boolean;
}

export interface Toast extends Required<Omit<ToastInput, 'description' | 'expires'>> {
  id: number;
  description?: string;
}

type Listener = () => void;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

/** A timed toast's time left, and its timer while a toaster shows it. */
interface Clock {
  left: number;
  since: number;
  timer?: ReturnType<typeof setTimeout>;
}
const clocks = new Map<number, Clock>();

const emit = () => listeners.forEach((l) => l());

function stopClock(id: number): void {
  clearTimeout(clocks.get(id)?.timer);
  clocks.delete(id);
}

/**
 * A toaster shows toast `id` (on mount): its time runs until the returned function is called (on unmount), and runs
 * on from there when it is shown again.
 */
export function showToast(id: number): () => void {
  const clock = clocks.get(id);
  if (!clock || clock.timer) return () => undefined;
  clock.since = Date.now();
  clock.timer = setTimeout(() => dismissToast(id), clock.left);
  return () => {
    if (clocks.get(id) !== clock || !clock.timer) return;
    clearTimeout(clock.timer);
    clock.timer = undefined;
    clock.left = Math.max(0, clock.left - (Date.now() - clock.since));
  };
}

export function dismissToast(id: number): void {
  stopClock(id);
  if (!toasts.some((t) => t.id === id)) return;
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function toast(input: ToastInput): number {
  const id = nextId++;
  const variant = input.variant ?? 'info';
  const item: Toast = {
    id,
    title: input.title,
    description: input.description,
    variant,
    duration: variant === 'error' && !input.expires ? null : input.duration === undefined ? DEFAULT_TOAST_MS : input.duration,
  };
  const visible = [...toasts, item];
  // Keep the newest ones: the oldest leave first.
  while (visible.length > MAX_VISIBLE_TOASTS) stopClock(visible.shift()!.id);
  toasts = visible;
  if (item.duration !== null) clocks.set(id, { left: item.duration, since: 0 });
  emit();
  return id;
}

export const toastSuccess = (title: string, description?: string, duration?: number) =>
  toast({ title, description, variant: 'success', duration });
/** An error: it stays until closed (`duration` only with `expires`). */
export const toastError = (title: string, description?: string, duration?: number, expires = false) =>
  toast({ title, description, variant: 'error', duration, expires });

export function getToasts(): Toast[] {
  return toasts;
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests. */
export function resetToasts(): void {
  clocks.forEach((clock) => clearTimeout(clock.timer));
  clocks.clear();
  toasts = [];
  emit();
}
