import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreAdminContext } from 'ra-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/core/http';
import { ExportTab } from './ExportTab';
import { PATIENT_TABS } from '../patients/detail/tabs';
import { aPatient } from '../../test/factories';
import { patientExport, serving, stubDataProvider } from '../../test/stubDataProvider';
import { getToasts, resetToasts } from '../../components/toast/toastStore';

const PATIENT = aPatient();
const TAB = PATIENT_TABS.find((t) => t.id === 'export')!;

const READY = patientExport({
  id: 'exp-ready',
  estado: 'listo',
  progreso: 100,
  nombre_archivo: 'exportacion-lucia-fernandez.zip',
  tamano_bytes: 12.3 * 1024 * 1024,
  archivos: 8,
  completado_en: '2026-11-20T10:01:00.000Z',
  caduca_en: '2026-11-27T10:01:00.000Z',
});

function renderTab(methods: Record<string, unknown>) {
  const user = userEvent.setup();
  render(
    <CoreAdminContext dataProvider={stubDataProvider(methods)}>
      <ExportTab patient={PATIENT} tab={TAB} />
    </CoreAdminContext>,
  );
  return user;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("'Exportar datos' (issue 17)", () => {
  it('is the last tab of the patient detail, at /exportacion', () => {
    expect(PATIENT_TABS.at(-1)).toMatchObject({ id: 'export', path: 'exportacion', label: 'Exportar datos' });
  });

  it('with none yet: says what the archive holds; Solicitar exportación asks for one, says so, and shows it queued', async () => {
    const created = patientExport({ id: 'exp-new' });
    const getPatientExports = serving((call) => (call === 0 ? [] : [created]));
    const requestPatientExport = vi.fn(() => Promise.resolve(created));
    const user = renderTab({ getPatientExports, requestPatientExport });
    expect(await screen.findByText('Todavía no has solicitado ninguna exportación.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Exportar datos' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Exportaciones solicitadas' })).toBeInTheDocument();
    expect(
      screen.getByText(
        /ficha, sesiones con transcripciones y análisis, borradores, ejercicios y progreso, consentimientos, historial de accesos y archivos/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/podrás descargarla durante 7 días/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Solicitar exportación' }));
    expect(requestPatientExport).toHaveBeenCalledWith('p1');
    expect(getPatientExports).toHaveBeenCalledWith('p1');
    const item = await screen.findByTestId('export-item');
    expect(within(item).getByText('En cola')).toBeInTheDocument();
    expect(within(item).getByText(/^Solicitada el 20\/11\/2026/)).toBeInTheDocument();
    expect(getToasts().map((t) => [t.title, t.variant])).toEqual([
      ['Exportación solicitada: te avisaremos aquí cuando esté lista', 'success'],
    ]);
    expect(screen.getByRole('button', { name: 'Solicitar exportación' })).toBeDisabled();
    expect(screen.getByTestId('export-busy')).toHaveTextContent('Ya se está preparando una exportación: espera a que termine');
  });

  it('one being made: a labelled bar with its percentage, no new request, and the list read again until it is ready', async () => {
    const getPatientExports = serving((call) =>
      call === 0 ? [patientExport({ estado: 'generando', progreso: 40 })] : [{ ...READY, id: 'exp-1' }],
    );
    renderTab({ getPatientExports });
    const bar = await screen.findByRole('progressbar', { name: 'Progreso de la exportación' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('40 %')).toBeInTheDocument();
    expect(screen.getByText('Generando')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Solicitar exportación' })).toBeDisabled();

    // Read again 2 s later: ready, the bar gone, and no more reading.
    expect(await screen.findByText('Lista para descargar', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Solicitar exportación' })).toBeEnabled();
    const calls = getPatientExports.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(getPatientExports).toHaveBeenCalledTimes(calls);
  });

  it('a ready one: size, files and expiry; Descargar starts the download of its signed URL', async () => {
    const link = { download_url: '/api/v1/storage/object?key=k&signature=s', filename: 'exportacion-lucia-fernandez.zip' };
    const exportDownload = vi.fn(() => Promise.resolve(link));
    const clicks: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    const user = renderTab({ getPatientExports: () => Promise.resolve([READY]), exportDownload });
    const item = await screen.findByTestId('export-item');
    expect(within(item).getByText('Lista para descargar')).toBeInTheDocument();
    expect(within(item).getByText('12,3 MB · 8 archivos')).toBeInTheDocument();
    expect(within(item).getByText(/^Caduca el 27\/11\/2026, \d{2}:01$/)).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: /^Descargar la exportación solicitada el 20\/11\/2026/ }));
    await waitFor(() => expect(clicks).toEqual([{ href: link.download_url, download: link.filename }]));
    expect(exportDownload).toHaveBeenCalledWith('exp-ready');
    expect(getToasts()).toEqual([expect.objectContaining({ title: 'Descarga iniciada', description: link.filename, variant: 'success' })]);
  });

  it('a failed one says why; a new one can be asked for', async () => {
    renderTab({
      getPatientExports: () =>
        Promise.resolve([patientExport({ estado: 'error', mensaje_error: 'No se pudo leer el video de la sesión 3' })]),
    });
    const item = await screen.findByTestId('export-item');
    expect(within(item).getByText('Error')).toBeInTheDocument();
    expect(within(item).getByText('No se pudo leer el video de la sesión 3')).toBeInTheDocument();
    expect(within(item).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Solicitar exportación' })).toBeEnabled();
  });

  it("the server's refusals are shown through its detail: one already being made, an archive that has expired", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // react-query logs failed mutations
    const busy = 'Ya se está preparando una exportación: espera a que termine';
    const expired = 'La exportación ha caducado: solicita una nueva';
    // Read at first and again after the refused request; after the refused download it has expired.
    const getPatientExports = serving((call) => (call < 2 ? [READY] : [{ ...READY, estado: 'caducado' }]));
    const user = renderTab({
      getPatientExports,
      requestPatientExport: () => Promise.reject(new ApiError(busy, 409, { detail: busy, code: 'EXPORT_BUSY' })),
      exportDownload: () => Promise.reject(new ApiError(expired, 410, { detail: expired, code: 'EXPORT_EXPIRED' })),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    await user.click(await screen.findByRole('button', { name: 'Solicitar exportación' }));
    await waitFor(() => expect(getToasts().map((t) => [t.title, t.description])).toEqual([['No se pudo solicitar la exportación', busy]]));
    resetToasts();
    await waitFor(() => expect(getPatientExports).toHaveBeenCalledTimes(2));
    await user.click(await screen.findByRole('button', { name: /^Descargar/ }));
    await waitFor(() =>
      expect(getToasts().map((t) => [t.title, t.description])).toEqual([['No se pudo descargar la exportación', expired]]),
    );
    expect(click).not.toHaveBeenCalled();
    expect(await screen.findByText('Caducada')).toBeInTheDocument();
  });

  it('a list that cannot be loaded says so, with Reintentar', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const getPatientExports = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('Not Found', 404, { detail: 'Paciente no encontrado', code: 'NOT_FOUND' }))
      .mockResolvedValueOnce([]);
    const user = renderTab({ getPatientExports });
    expect(await screen.findByText('No se pudieron cargar las exportaciones')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Solicitar exportación' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Todavía no has solicitado ninguna exportación.')).toBeInTheDocument();
  });
});
