// @vitest-environment jsdom
import { STORAGE_KEYS } from '@consulta/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../components/toast/toastStore';
import { FakeXhr } from '../../test/fakeXhr';
import { dataProvider } from '../providers/dataProvider';
import { ApiError, NETWORK_ERROR_MESSAGE, TOKEN_EXPIRED_MESSAGE, api, apiRequest, apiUrl, errorMessage } from './http';
import { registerNavigator } from './navigation';

const json = (status: number, body: unknown, statusText = '') =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn();

function signIn() {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'tok');
  localStorage.setItem(STORAGE_KEYS.authUser, JSON.stringify({ id: '1', role: 'terapeuta', name: 'Ana' }));
  localStorage.setItem(STORAGE_KEYS.userPicture, 'pic.png');
  localStorage.setItem(STORAGE_KEYS.userName, 'Ana');
  localStorage.setItem(STORAGE_KEYS.providerToken, 'google');
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  registerNavigator(navigate);
  window.history.pushState({}, '', '/dashboard/terapeuta/pacientes');
});

afterEach(() => {
  fetchMock.mockReset();
  navigate.mockReset();
  registerNavigator(null);
});

describe('apiRequest', () => {
  it('prefixes the API version and sends JSON with the bearer token', async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await expect(api.post('/pacientes/', { a: 1 })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/pacientes/');
    const headers = new Headers(init?.headers);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(init?.body).toBe('{"a":1}');
  });

  it('sends no Authorization header without a token and keeps given URLs', async () => {
    fetchMock.mockResolvedValueOnce(json(200, []));
    await apiRequest('/api/v1/pacientes?range=[0,9]');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/pacientes?range=[0,9]');
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    expect(apiUrl('auth/me')).toBe('/api/v1/auth/me');
  });

  it('lets the browser set the content type of a file upload', async () => {
    fetchMock.mockResolvedValueOnce(json(200, {}));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.txt');
    await apiRequest('/upload', { method: 'POST', body: form });
    expect(new Headers(fetchMock.mock.calls[0][1]?.headers).has('Content-Type')).toBe(false);
  });

  it.each([401, 403])('ends the session on %i: clears, tells once, goes to /login and throws', async (status) => {
    signIn();
    fetchMock.mockImplementation(async () => json(status, { detail: 'No autenticado' }));
    await expect(api.get('/pacientes/')).rejects.toThrow(TOKEN_EXPIRED_MESSAGE);
    for (const key of [STORAGE_KEYS.accessToken, STORAGE_KEYS.authUser, STORAGE_KEYS.userPicture, STORAGE_KEYS.userName]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    // The provider token is only cleared at startup, not here.
    expect(localStorage.getItem(STORAGE_KEYS.providerToken)).toBe('google');
    expect(sessionStorage.getItem(STORAGE_KEYS.tokenExpiredShown)).toBe('true');
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true, state: { from: '/dashboard/terapeuta/pacientes' } });
    const toasts = getToasts();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({
      title: 'Sesión expirada',
      description: 'Tu sesión ha expirado. Por favor, inicia sesión nuevamente.',
      variant: 'error',
      duration: 5000,
    });

    // A second expired call in the same browser session does not repeat the notice.
    await expect(api.get('/pacientes/')).rejects.toThrow(TOKEN_EXPIRED_MESSAGE);
    expect(getToasts()).toHaveLength(1);
  });

  it('shows no notice and does not navigate when already on /login', async () => {
    window.history.pushState({}, '', '/login');
    fetchMock.mockResolvedValueOnce(json(401, { detail: 'x' }));
    await expect(api.get('/auth/me')).rejects.toThrow(TOKEN_EXPIRED_MESSAGE);
    expect(getToasts()).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('reports a 401 of a sign-in call as an ordinary error when asked to', async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(json(401, { detail: 'Email o contraseña incorrectos' }));
    const error = (await api.post('/auth/login/patient', {}, { skipSessionExpiry: true }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Email o contraseña incorrectos');
    expect(error.status).toBe(401);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('tok');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('uses detail, else the status text, else "HTTP error! status: {code}"', async () => {
    fetchMock.mockResolvedValueOnce(json(409, { detail: 'Ya existe (already exists)' }, 'Conflict'));
    await expect(api.get('/x')).rejects.toThrow('Ya existe (already exists)');
    fetchMock.mockResolvedValueOnce(json(500, { message: 'nope' }, 'Internal Server Error'));
    await expect(api.get('/x')).rejects.toThrow('Internal Server Error');
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 502, statusText: '' }));
    await expect(api.get('/x')).rejects.toThrow('HTTP error! status: 502');
    expect(errorMessage(422, '', { detail: [{ msg: 'a' }, { msg: 'b' }] })).toBe('a. b');
  });

  it('answers status, headers and the parsed body for react-admin', async () => {
    fetchMock.mockResolvedValueOnce(new Response('[{"id":"1"}]', { status: 200, headers: { 'Content-Range': 'pacientes 0-0/1' } }));
    const res = await apiRequest('/api/v1/pacientes');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Range')).toBe('pacientes 0-0/1');
    expect(res.json).toEqual([{ id: '1' }]);
  });
});

describe('proxy upload (apiUpload)', () => {
  const file = () => new File([new Uint8Array(1000)], 'sesion.mp4', { type: 'video/mp4' });
  const answer = {
    success: true,
    file_key: 'files/t/sesiones/p/0123456789abcdef-sesion.mp4',
    file_url: 'x',
    file_name: 'sesion.mp4',
    size: 1000,
    error: null,
  };

  it('posts custom_path then the file with the token, and reports the bytes sent', async () => {
    signIn();
    FakeXhr.install(() => ({ status: 200, body: JSON.stringify(answer), progress: [0.25, 1] }));
    const progress: number[] = [];
    const result = await dataProvider.proxyUpload(file(), 'sesiones/p', { onProgress: (loaded) => progress.push(loaded) });
    expect(result).toEqual(answer);
    const [request] = FakeXhr.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/api/v1/aws-s3/proxy-upload' });
    expect(request.headers.Authorization).toBe('Bearer tok');
    const form = request.body as FormData;
    expect([...form.keys()]).toEqual(['custom_path', 'file']);
    expect(form.get('custom_path')).toBe('sesiones/p');
    expect((form.get('file') as File).name).toBe('sesion.mp4');
    expect(progress).toEqual([250, 1000]);
  });

  it('fails with the server detail, the connection message, or an expired session', async () => {
    signIn();
    FakeXhr.install(() => ({
      status: 413,
      body: JSON.stringify({ detail: 'El archivo es demasiado grande. El tamaño máximo es 10GB', code: 'TOO_LARGE' }),
    }));
    const tooLarge = await dataProvider.proxyUpload(file(), 'sesiones/p').catch((e: unknown) => e);
    expect(tooLarge).toBeInstanceOf(ApiError);
    expect(tooLarge).toMatchObject({ status: 413, message: 'El archivo es demasiado grande. El tamaño máximo es 10GB', code: 'TOO_LARGE' });

    FakeXhr.install(() => ({ status: 0 }));
    await expect(dataProvider.proxyUpload(file(), 'sesiones/p')).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });

    FakeXhr.install(() => ({ status: 401, body: JSON.stringify({ detail: 'No autenticado' }) }));
    await expect(dataProvider.proxyUpload(file(), 'sesiones/p')).rejects.toMatchObject({ message: TOKEN_EXPIRED_MESSAGE });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', expect.anything());
  });

  it('aborts with an AbortError', async () => {
    FakeXhr.install(() => ({ status: 200, hang: true }));
    const abort = new AbortController();
    const upload = dataProvider.proxyUpload(file(), 'sesiones/p', { signal: abort.signal });
    abort.abort();
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('storage calls', () => {
  it('speak the paths and bodies of the storage contract', async () => {
    signIn();
    fetchMock.mockImplementation(async () => json(200, { success: true, file_key: 'k' }));
    await dataProvider.deleteFile('k');
    await dataProvider.listParts({ upload_id: 'u', file_key: 'k' });
    await dataProvider.sessionVideoDownload('s/1');
    const calls = fetchMock.mock.calls.map(([url, init]) => [url, init?.method ?? 'GET', init?.body ?? null]);
    expect(calls).toEqual([
      ['/api/v1/aws-s3/delete-file', 'DELETE', JSON.stringify({ file_key: 'k' })],
      ['/api/v1/aws-s3/list-parts', 'POST', JSON.stringify({ upload_id: 'u', file_key: 'k' })],
      ['/api/v1/sesiones/s%2F1/download-video', 'GET', null],
    ]);
  });
});
