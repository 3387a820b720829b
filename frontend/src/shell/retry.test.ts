import { describe, expect, it } from 'vitest';
import { ApiError } from '../app/core/http';
import { retryDelay, shouldRetry } from './retry';

describe('query retry policy', () => {
  it('retries server and network failures up to 3 times, never 4xx answers', () => {
    expect(shouldRetry(0, new ApiError('x', 500))).toBe(true);
    expect(shouldRetry(2, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(3, new ApiError('x', 503))).toBe(false);
    expect(shouldRetry(0, new ApiError('Paciente no encontrado', 404))).toBe(false);
    expect(shouldRetry(0, new ApiError('Token expired. User needs to log in again.', 401))).toBe(false);
  });

  it('backs off exponentially, capped at 30 s', () => {
    expect([0, 1, 2, 3, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 30000]);
  });
});
