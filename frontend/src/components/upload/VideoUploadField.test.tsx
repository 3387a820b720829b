import { STORAGE_LIMITS, type ProxyUploadAnswer } from '@consulta/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr, MIB, bigVideo } from '../../test/fakeXhr';
import { getToasts } from '../toast/toastStore';
import type { UploadCalls } from './uploadCalls';
import { VideoUploadField } from './VideoUploadField';
import { waitForUppyTimersAfterAll } from '../../test/uppy';

const KEY = 'files/t1/sesiones/p1/0123456789abcdef-sesion.mp4';

function calls(overrides: Partial<UploadCalls> = {}): UploadCalls {
  return {
    presignedUpload: vi.fn(async () => ({
      upload_url: '/api/v1/storage/object?s=1',
      file_key: KEY,
      method: 'PUT' as const,
      headers: { 'Content-Type': 'video/mp4' },
    })),
    initiateMultipart: vi.fn(async () => ({ upload_id: 'u1', file_key: KEY, part_size: STORAGE_LIMITS.partSizeBytes })),
    signPart: vi.fn(async () => ({ presigned_url: '/api/v1/storage/part?s=1' })),
    listParts: vi.fn(async () => ({ parts: [] })),
    completeMultipart: vi.fn(async () => ({ success: true as const, file_key: KEY, size: 1 })),
    abortMultipart: vi.fn(async () => ({ success: true })),
    proxyUpload: vi.fn(async (): Promise<ProxyUploadAnswer> =>
      Promise.reject(Object.assign(new Error('x'), { status: 500, body: { detail: 'Disco lleno' } })),
    ),
    ...overrides,
  };
}

function renderField(c: UploadCalls = calls()) {
  const onUploaded = vi.fn();
  const onBusyChange = vi.fn();
  render(
    <VideoUploadField
      calls={c}
      customPath="sesiones/p1"
      onUploaded={onUploaded}
      onBusyChange={onBusyChange}
      options={{ retryDelays: [], target: null }}
    />,
  );
  return { onUploaded, onBusyChange, user: userEvent.setup({ delay: null, applyAccept: false }) };
}

const toastTexts = () => getToasts().map((t) => [t.title, t.description].filter(Boolean).join(': '));
const input = () => screen.getByTestId('video-file-input') as HTMLInputElement;

beforeEach(() => FakeXhr.install(() => ({ status: 200 })));

describe('VideoUploadField', () => {
  waitForUppyTimersAfterAll();
  it('offers the choice of a video and refuses another type with the spec message', async () => {
    const c = calls();
    const { user } = renderField(c);
    expect(screen.getByText('MP4, AVI, MOV o WMV · hasta 10 GB')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Seleccionar video' })).toBeEnabled());
    expect(input().accept).toContain('video/mp4');
    await user.upload(input(), new File(['x'], 'foto.png', { type: 'image/png' }));
    expect(await screen.findByText('Por favor selecciona un archivo de video válido (MP4, AVI, MOV, WMV)')).toBeInTheDocument();
    expect(c.presignedUpload).not.toHaveBeenCalled();
  });

  it('shows a determinate bar with percent, speed and time left; Cancelar stops it', async () => {
    FakeXhr.install(() => ({ status: 200, hang: true, progress: [0.5] }));
    const { onBusyChange, user } = renderField();
    await waitFor(() => expect(input()).toBeEnabled());
    await user.upload(input(), bigVideo('sesion.mp4', 20 * MIB));
    const bar = await screen.findByRole('progressbar', { name: 'Progreso de la subida del video' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(screen.getByText('sesion.mp4')).toBeInTheDocument();
    expect(screen.getByText('20 MB')).toBeInTheDocument();
    expect(screen.getByTestId('upload-progress-text')).toHaveTextContent(/^50\s%/);
    expect(screen.getByTestId('upload-progress-text')).toHaveTextContent('Calculando tiempo restante…');
    expect(onBusyChange).toHaveBeenLastCalledWith(true);

    await user.click(screen.getByRole('button', { name: 'Cancelar la subida de sesion.mp4' }));
    expect(await screen.findByRole('button', { name: 'Seleccionar video' })).toBeInTheDocument();
    expect(toastTexts()).toContain('Subida cancelada');
    expect(onBusyChange).toHaveBeenLastCalledWith(false);
  });

  it('hands over the key when the upload is done', async () => {
    const { onUploaded, user } = renderField();
    await waitFor(() => expect(input()).toBeEnabled());
    await user.upload(input(), bigVideo('sesion.mp4', 3 * MIB));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith({ fileKey: KEY, fileName: 'sesion.mp4', size: 3 * MIB, route: 'direct' }));
  });

  it('after the store and the proxy failed: the spec toast, the reason, Reintentar and another choice', async () => {
    FakeXhr.install(() => ({ status: 403 }));
    const c = calls();
    const { user } = renderField(c);
    await waitFor(() => expect(input()).toBeEnabled());
    await user.upload(input(), bigVideo('sesion.mp4', 3 * MIB));
    expect(await screen.findByText('Error al subir el video: Disco lleno')).toBeInTheDocument();
    expect(toastTexts()).toContain('Error en la subida: Error al subir el video: Disco lleno');
    expect(c.proxyUpload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Elegir otro video' }));
    expect(screen.getByRole('button', { name: 'Seleccionar video' })).toBeInTheDocument();
  });
});
