import { STORAGE_LIMITS } from '@consulta/shared';
import { describe, expect, it } from 'vitest';
import {
  SpeedMeter,
  StoreRequestError,
  absoluteUrl,
  afterDirectFailure,
  afterProxyFailure,
  chunkPlan,
  classifyFailure,
  failureReason,
  formatDuration,
  formatPercent,
  formatSpeed,
  formatTimeLeft,
  isRetryableStatus,
  percentOf,
  sendableHeaders,
  storageRoute,
} from './uploadLogic';
import { formatBytes } from '../../i18n/format';

const MiB = 1024 * 1024;
const apiError = (status: number, detail?: string) =>
  Object.assign(new Error(detail ?? 'x'), { status, body: detail ? { detail, code: 'X' } : undefined });
const named = (name: string, extra: object = {}) => Object.assign(new Error(name), { name, ...extra });

describe('route', () => {
  it('one PUT below 100 MB, parts at or above', () => {
    expect(storageRoute(0)).toBe('direct');
    expect(storageRoute(STORAGE_LIMITS.multipartThresholdBytes - 1)).toBe('direct');
    expect(storageRoute(STORAGE_LIMITS.multipartThresholdBytes)).toBe('multipart');
    expect(storageRoute(STORAGE_LIMITS.videoMaxBytes)).toBe('multipart');
  });

  it('cuts a file into 5 MiB parts numbered from 1, the last one shorter', () => {
    const plan = chunkPlan(150 * MiB);
    expect(plan).toHaveLength(30);
    expect(plan[0]).toEqual({ partNumber: 1, start: 0, end: 5 * MiB });
    expect(plan[29]).toEqual({ partNumber: 30, start: 145 * MiB, end: 150 * MiB });
    const odd = chunkPlan(12 * MiB + 7);
    expect(odd.map((c) => c.end - c.start)).toEqual([5 * MiB, 5 * MiB, 2 * MiB + 7]);
    expect(chunkPlan(STORAGE_LIMITS.videoMaxBytes)).toHaveLength(2048);
    expect(chunkPlan(0)).toEqual([]);
  });
});

describe('failures', () => {
  it('reads who failed and why', () => {
    expect(classifyFailure(new DOMException('x', 'AbortError'), true)).toBe('cancelled');
    // The store did not answer: offline when the browser knows it, else the store is unreachable (CORS, down).
    expect(classifyFailure(new StoreRequestError(0), false)).toBe('offline');
    expect(classifyFailure(new StoreRequestError(0), true)).toBe('unreachable');
    expect(classifyFailure(named('S3NetworkError'), false)).toBe('offline');
    expect(classifyFailure(named('S3ServiceError', { status: 403 }), true)).toBe('unreachable');
    expect(classifyFailure(new StoreRequestError(500), false)).toBe('unreachable');
    // The API: no answer, server failures, the session, and refusals.
    expect(classifyFailure(apiError(0), false)).toBe('offline');
    expect(classifyFailure(apiError(0), true)).toBe('unreachable');
    expect(classifyFailure(apiError(502), true)).toBe('unreachable');
    expect(classifyFailure(apiError(429), true)).toBe('unreachable');
    expect(classifyFailure(apiError(401), true)).toBe('session');
    expect(classifyFailure(apiError(400, 'tipo'), true)).toBe('refused');
    expect(classifyFailure(apiError(413, 'grande'), true)).toBe('refused');
    expect(classifyFailure(apiError(404, 'paciente'), true)).toBe('refused');
    expect(classifyFailure(new TypeError('boom'), true)).toBe('unreachable');
    // A full disk, said by the store's part or PUT or by the API: no other route would take the file.
    expect(classifyFailure(new StoreRequestError(507), true)).toBe('no-space');
    expect(classifyFailure(apiError(507, 'No queda espacio'), true)).toBe('no-space');
  });

  it('decides what follows: resume later, the proxy once, or stop with the reason', () => {
    expect(afterDirectFailure('offline')).toBe('resume-later');
    expect(afterDirectFailure('unreachable')).toBe('proxy');
    expect(afterDirectFailure('refused')).toBe('fail');
    expect(afterDirectFailure('no-space')).toBe('fail');
    expect(afterDirectFailure('session')).toBe('stop');
    expect(afterDirectFailure('cancelled')).toBe('stop');
    expect(afterProxyFailure('unreachable')).toBe('fail');
    expect(afterProxyFailure('offline')).toBe('fail');
    expect(afterProxyFailure('refused')).toBe('fail');
    expect(afterProxyFailure('session')).toBe('stop');
    expect(afterProxyFailure('cancelled')).toBe('stop');
  });

  it('retries what may pass next time', () => {
    expect([0, 408, 429, 500, 503].every(isRetryableStatus)).toBe(true);
    expect([400, 403, 404, 409, 413, 507].some(isRetryableStatus)).toBe(false);
  });

  it('gives the reason in Spanish: the server detail, else what went wrong', () => {
    expect(failureReason(apiError(413, 'El archivo es demasiado grande. El tamaño máximo es 10GB'))).toBe(
      'El archivo es demasiado grande. El tamaño máximo es 10GB',
    );
    expect(failureReason(apiError(0))).toBe('sin conexión con el servidor');
    expect(failureReason(named('S3NetworkError'))).toBe('sin conexión con el servidor');
    expect(failureReason(new StoreRequestError(500))).toBe('el servidor no pudo guardar el archivo');
    expect(failureReason(Object.assign(new Error('HTTP error! status: 500'), { status: 500 }))).toBe(
      'el servidor no pudo guardar el archivo',
    );
    expect(failureReason(null)).toBe('el servidor no pudo guardar el archivo');
    expect(failureReason(new StoreRequestError(507))).toBe(
      'no queda espacio en el servidor. Avisa a quien administra Consulta; con «Reintentar» la subida seguirá donde se quedó',
    );
  });
});

describe('progress', () => {
  it('whole percents within 0-100', () => {
    expect(percentOf(0, 100)).toBe(0);
    expect(percentOf(456, 1000)).toBe(45);
    expect(percentOf(2000, 1000)).toBe(100);
    expect(percentOf(5, 0)).toBe(0);
  });

  it('measures the speed over the last seconds and the time left at it', () => {
    const meter = new SpeedMeter(5000);
    expect(meter.speed()).toBeNull();
    meter.add(0, 0);
    meter.add(200, 2 * MiB);
    expect(meter.speed()).toBeNull(); // under half a second of history
    meter.add(1000, 10 * MiB);
    expect(meter.speed()).toBe(10 * MiB);
    expect(meter.secondsLeft(100 * MiB)).toBe(9);
    // Old samples leave the window: a slowdown shows.
    meter.add(7000, 16 * MiB);
    meter.add(8000, 17 * MiB);
    expect(meter.speed()).toBe(1 * MiB);
    // Fewer bytes than before (a restart): measured afresh.
    meter.add(9000, 0);
    expect(meter.speed()).toBeNull();
  });

  it('formats percent, speed, time left and sizes in es-ES', () => {
    expect(formatPercent(46)).toBe('46\u00a0%');
    expect(formatSpeed(12.34 * MiB)).toBe('12,3 MB/s');
    expect(formatSpeed(0.456 * MiB)).toBe('0,46 MB/s');
    expect(formatSpeed(null)).toBeNull();
    expect(formatDuration(0.2)).toBe('Menos de 1 s');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(200)).toBe('3 min 20 s');
    expect(formatDuration(15 * 60 + 20)).toBe('15 min');
    expect(formatDuration(2 * 3600 + 5 * 60)).toBe('2 h 5 min');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatTimeLeft(200)).toBe('Quedan 3 min 20 s');
    expect(formatTimeLeft(0)).toBe('Menos de 1 s');
    expect(formatTimeLeft(null)).toBe('Calculando tiempo restante…');
    expect(formatBytes(150 * MiB)).toBe('150 MB');
    expect(formatBytes(1.5 * MiB)).toBe('1,5 MB');
    expect(formatBytes(1.5 * 1024 * MiB)).toBe('1,5 GB');
    expect(formatBytes(820 * 1024)).toBe('820 KB');
    expect(formatBytes(12)).toBe('12 B');
  });
});

describe('requests', () => {
  it('sends the signed headers a page may set, and absolute URLs', () => {
    expect(sendableHeaders({ 'Content-Type': 'video/mp4', 'Content-Length': '10', host: 'x' })).toEqual({ 'Content-Type': 'video/mp4' });
    expect(sendableHeaders(undefined)).toEqual({});
    // S3's signed conditional write: the browser must send it, or the signature does not match.
    expect(sendableHeaders({ 'Content-Type': 'video/mp4', 'If-None-Match': '*' })).toEqual({
      'Content-Type': 'video/mp4',
      'If-None-Match': '*',
    });
    expect(absoluteUrl('/api/v1/storage/object?a=1', 'http://localhost:3199/dashboard')).toBe(
      'http://localhost:3199/api/v1/storage/object?a=1',
    );
    expect(absoluteUrl('https://s3.example.com/b/k?X-Amz=1', 'http://localhost:3199/')).toBe('https://s3.example.com/b/k?X-Amz=1');
  });
});
