import { describe, expect, it } from 'vitest';
import { formatBytes } from './format';

const MiB = 1024 * 1024;

describe('formatBytes', () => {
  it('rounded, as the upload fields show a size: no decimals in KB, nor in MB from 10 up', () => {
    expect(formatBytes(12.3 * MiB, { rounded: true })).toBe('12 MB');
    expect(formatBytes(1.5 * MiB, { rounded: true })).toBe('1,5 MB');
    expect(formatBytes(1536, { rounded: true })).toBe('2 KB');
    expect(formatBytes(1.5 * 1024 * MiB, { rounded: true })).toBe('1,5 GB');
    expect(formatBytes(12, { rounded: true })).toBe('12 B');
  });
});
