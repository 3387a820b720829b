/**
 * Query retry policy of the shells: up to 3 retries with exponential backoff capped at 30 s,
 * but never for answers that will not change (4xx, including an expired session).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = error && typeof error === 'object' && 'status' in error ? Number((error as { status?: unknown }).status) : 0;
  if (status >= 400 && status < 500) return false;
  return failureCount < 3;
}

export const retryDelay = (attempt: number): number => Math.min(1000 * 2 ** attempt, 30_000);
