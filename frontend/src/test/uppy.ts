import { afterAll } from 'vitest';

/**
 * Uppy checks the connection 3 s after it is created, on a timer it never cancels. In a file that mounts an
 * uploader, wait for it before the test environment (and `window`) goes, or it throws after the last test.
 */
export function waitForUppyTimersAfterAll(): void {
  afterAll(() => new Promise((resolve) => setTimeout(resolve, 3_100)), 5_000);
}
