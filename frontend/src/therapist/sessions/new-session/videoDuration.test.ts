import { describe, expect, it } from 'vitest';
import { emptySessionForm } from '../sessionForm';
import { durationFromVideo, minutesOfVideo } from './videoDuration';

describe('the duration taken from the video', () => {
  it('is whole minutes, rounded, at least 1 and at most a day', () => {
    expect(minutesOfVideo(50 * 60 + 29)).toBe(50);
    expect(minutesOfVideo(50 * 60 + 30)).toBe(51);
    expect(minutesOfVideo(12)).toBe(1);
    expect(minutesOfVideo(30 * 3600)).toBe(1440);
  });

  it('fills an empty field only; a length the browser could not read changes nothing', () => {
    const form = emptySessionForm(new Date('2026-11-28T10:00:00'));
    expect(durationFromVideo(form, 3000)).toEqual({ duracion_minutos: '50' });
    expect(durationFromVideo({ ...form, duracion_minutos: ' ' }, 3000)).toEqual({ duracion_minutos: '50' });
    expect(durationFromVideo({ ...form, duracion_minutos: '45' }, 3000)).toBeNull();
    expect(durationFromVideo(form, null)).toBeNull();
    expect(durationFromVideo(form, Number.NaN)).toBeNull();
  });
});
