import { describe, expect, it } from 'vitest';
import { unanswered } from './answers';

describe('unanswered', () => {
  it('names the questions left, in order; none once all have an answer (0 is an answer)', () => {
    expect(unanswered([null, 0, null, 3])).toEqual([0, 2]);
    expect(unanswered([0, 0, 1])).toEqual([]);
  });
});
