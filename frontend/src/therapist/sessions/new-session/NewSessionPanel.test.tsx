import type { DraftPayload, PatientDetail, Session, SessionDraft, SessionPayload, SessionType } from '@consulta/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreAdminContext, type DataProvider } from 'ra-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr, MIB, bigVideo } from '../../../test/fakeXhr';
import { ApiError } from '../../../app/core/http';
import type { ConsultaDataProvider } from '../../../app/providers/dataProvider';
import { getToasts, resetToasts } from '../../../components/toast/toastStore';
import { NewSessionPanel } from './NewSessionPanel';
import { stubDataProvider } from '../../../test/stubDataProvider';

const ID = 'abcdef12-3456-4789-8abc-def012345678';
const TYPE: SessionType = {
  id: 't1',
  nombre: 'Evaluación',
  descripcion: null,
  campos: [{ nombre: 'Nivel de ansiedad', tipo: 'number', requerido: true, placeholder: null, opciones: [] }],
  activo: true,
  valor: 80,
  terapeuta_id: 'th1',
  fecha_creacion: '2026-11-20T10:00:00.000Z',
  fecha_actualizacion: '2026-11-20T10:00:00.000Z',
};

const draftOf = (data: DraftPayload, patch: Partial<SessionDraft> = {}): SessionDraft => ({
  draft_id: ID,
  id: ID,
  paciente_id: 'p1',
  terapeuta_id: 'th1',
  titulo: data.titulo ?? null,
  descripcion: null,
  tipo_sesion_nombre: null,
  estado: 'borrador',
  progreso: 0,
  mensaje_error: null,
  archivo_video_info: {},
  numero_sesion_siguiente: 4,
  created_at: '2026-11-23T09:00:00.000Z',
  updated_at: '2026-11-23T09:00:00.000Z',
  fecha: null,
  duracion_minutos: null,
  tipo_sesion: data.tipo_sesion ?? null,
  tipo_sesion_id: data.tipo_sesion_id ?? null,
  num_voces: 2,
  notas: data.notas ?? null,
  temas_importantes: null,
  intencion: null,
  tipo_medicina: null,
  cantidad: null,
  observaciones: null,
  campos_datos: {},
  analisis_ia_paciente: null,
  ...patch,
});

function renderPanel(methods: Partial<ConsultaDataProvider> = {}, props: { patientId?: string } = { patientId: 'p1' }) {
  const mocks = {
    createDraft: vi.fn((data: DraftPayload) => Promise.resolve(draftOf(data))),
    createSession: vi.fn((data: SessionPayload) => Promise.resolve({ ...data, id: 's1', numero_sesion: 4 } as unknown as Session)),
  };
  const dataProvider = stubDataProvider({
    getList: () => Promise.resolve({ data: [TYPE], total: 1 }),
    getAll: () => Promise.resolve([]),
    getPatientDetail: () => Promise.resolve({ siguiente_numero_sesion: 4 } as PatientDetail),
    getPatientDrafts: () => Promise.resolve([] as SessionDraft[]),
    updateDraft: (_id: string, data: DraftPayload) => Promise.resolve(draftOf(data)),
    getDraftProgress: () => new Promise(() => undefined),
    ...mocks,
    ...methods,
  });
  const onSaved = vi.fn();
  render(
    <CoreAdminContext dataProvider={dataProvider as unknown as DataProvider}>
      <NewSessionPanel {...props} onSaved={onSaved} />
    </CoreAdminContext>,
  );
  return { dataProvider: mocks, onSaved, user: userEvent.setup({ delay: null }) };
}

const toastTexts = () => getToasts().map((t) => [t.title, t.description].filter(Boolean).join(': '));

async function chooseType(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name: /Tipo de sesión/, hidden: true }));
  await user.click(await screen.findByRole('option', { name }));
}

/** Types a whole text at once (one change, as a paste): keystroke by keystroke is slow on this large form. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

afterEach(() => {
  resetToasts();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const KEY = 'files/th1/sesiones/p1/0123456789abcdef-sesion.mp4';
const VIDEO_INFO = { file_key: KEY, video_url: KEY, estado_upload: 'completado', upload_progress: 100 };

/** The storage calls of a direct upload to the local store (the PUT itself goes through FakeXhr). */
const storage = () => ({
  presignedUpload: vi.fn(() => Promise.resolve({ upload_url: '/api/v1/storage/object?s=1', file_key: KEY, method: 'PUT' as const, headers: { 'Content-Type': 'video/mp4' } })),
});

describe('NewSessionPanel', () => {
  it('lists nothing in progress, shows the next number, and creates the draft on the first type choice', async () => {
    const { dataProvider, user } = renderPanel();
    expect(await screen.findByText('No hay sesiones en procesamiento.')).toBeInTheDocument();
    expect(await screen.findByDisplayValue('4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar Sesión', hidden: true })).toBeDisabled();
    await fill(user, screen.getByLabelText('Título del borrador'), 'Lunes');
    expect(dataProvider.createDraft).not.toHaveBeenCalled();

    await chooseType(user, 'Psicoterapia');
    await vi.waitFor(() => expect(dataProvider.createDraft).toHaveBeenCalledTimes(1));
    expect(dataProvider.createDraft.mock.calls[0][0]).toMatchObject({ paciente_id: 'p1', titulo: 'Lunes', tipo_sesion: 'psicoterapia' });
    const list = await screen.findByRole('list', { name: 'Borradores', hidden: true });
    expect(within(list).getByText('Lunes')).toBeInTheDocument();
    expect(within(list).getByText('#abcdef12')).toBeInTheDocument();
    expect(within(list).getByText('Borrador guardado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nueva', hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Borrador #abcdef12', hidden: true })).toBeInTheDocument();
  });

  it('refuses to save with the spec messages, then saves the session with its draft and starts over', async () => {
    const { dataProvider, onSaved, user } = renderPanel();
    await chooseType(user, 'Psicoterapia');
    await vi.waitFor(() => expect(dataProvider.createDraft).toHaveBeenCalled());
    await user.click(screen.getByRole('button', { name: 'Guardar Sesión', hidden: true }));
    expect(toastTexts()).toContain('No se pudo guardar la sesión: Las notas son requeridas para sesiones de psicoterapia');
    expect(dataProvider.createSession).not.toHaveBeenCalled();

    await fill(user, screen.getByLabelText(/^Notas/), 'Habló del trabajo');
    await fill(user, screen.getByLabelText(/^Temas importantes/), 'Duelo');
    await user.click(screen.getByRole('button', { name: 'Guardar Sesión', hidden: true }));
    await vi.waitFor(() => expect(toastTexts()).toContain('Sesión guardada'));
    expect(dataProvider.createSession).toHaveBeenCalledWith(
      expect.objectContaining({ paciente_id: 'p1', draft_id: ID, tipo_sesion: 'psicoterapia', notas: 'Habló del trabajo', temas_importantes: 'Duelo', video_url: null }),
    );
    expect(onSaved).toHaveBeenCalled();
    expect(screen.getByLabelText(/^Título del borrador/)).toHaveValue('');
    expect(screen.getByRole('heading', { name: 'Nueva sesión', hidden: true })).toBeInTheDocument();
  });

  it('a custom type shows its required fields with an asterisk and asks for them by name', async () => {
    const { dataProvider, user } = renderPanel();
    await chooseType(user, 'Evaluación');
    await vi.waitFor(() => expect(dataProvider.createDraft).toHaveBeenCalled());
    expect(dataProvider.createDraft.mock.calls[0][0]).toMatchObject({ tipo_sesion: null, tipo_sesion_id: 't1' });
    const field = screen.getByLabelText(/^Nivel de ansiedad/);
    expect(field).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Guardar Sesión', hidden: true }));
    expect(toastTexts()).toContain('No se pudo guardar la sesión: Por favor, completa el campo: Nivel de ansiedad');
    await fill(user, field, '7,5');
    await user.click(screen.getByRole('button', { name: 'Guardar Sesión', hidden: true }));
    await vi.waitFor(() => expect(dataProvider.createSession).toHaveBeenCalled());
    expect(dataProvider.createSession.mock.calls[0][0]).toMatchObject({ tipo_sesion_id: 't1', tipo_sesion: null, campos_datos: { 'Nivel de ansiedad': 7.5 } });
  });

  it('without a patient, the picker comes first and saving asks for one', async () => {
    const { dataProvider, user } = renderPanel({}, {});
    expect(screen.getByRole('combobox', { name: /Paciente/, hidden: true })).toBeInTheDocument();
    expect(screen.getByText('Elige un paciente para ver sus borradores.')).toBeInTheDocument();
    // The video waits for the patient too (spec 2 §2): its path is the patient's.
    expect(screen.getByText('Elige un paciente para poder subir el video de la sesión.')).toBeInTheDocument();
    expect(screen.queryByTestId('video-file-input')).toBeNull();
    await chooseType(user, 'Psicoterapia');
    await user.click(screen.getByRole('button', { name: 'Guardar Sesión', hidden: true }));
    expect(toastTexts()).toContain('No se pudo guardar la sesión: Por favor, selecciona un paciente');
    expect(dataProvider.createDraft).not.toHaveBeenCalled();
  });

  it('says so when the drafts cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPanel({ getPatientDrafts: () => Promise.reject(new ApiError('Bad Gateway', 502)) });
    expect(await screen.findByRole('button', { name: 'Reintentar', hidden: true })).toBeInTheDocument();
    expect(toastTexts()).toContain('Error al cargar borradores de sesión');
  });

  describe('the video', () => {
    it('uploads to the patient, blocks saving meanwhile, attaches the key to the draft and saves it with the session', async () => {
      FakeXhr.install(() => ({ status: 200, hang: true, progress: [0.5] }));
      const calls = storage();
      const updateDraft = vi.fn((_id: string, data: DraftPayload) => Promise.resolve(draftOf(data, { tipo_sesion: 'psicoterapia', archivo_video_info: data.archivo_video_info ?? {} })));
      const { dataProvider, user } = renderPanel({ ...calls, updateDraft });
      await chooseType(user, 'Psicoterapia');
      await vi.waitFor(() => expect(dataProvider.createDraft).toHaveBeenCalled());
      await fill(user, screen.getByLabelText(/^Notas/), 'Con video');
      await fill(user, screen.getByLabelText(/^Temas importantes/), 'Duelo');

      await user.upload(screen.getByTestId('video-file-input'), bigVideo('sesion.mp4', 4 * MIB));
      const bar = await screen.findByRole('progressbar', { name: 'Progreso de la subida del video', hidden: true });
      await vi.waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
      expect(calls.presignedUpload).toHaveBeenCalledWith(expect.objectContaining({ custom_path: 'sesiones/p1', file_name: 'sesion.mp4', content_type: 'video/mp4' }));
      expect(screen.getByRole('button', { name: 'Guardar Sesión', hidden: true })).toBeDisabled();
      // Another draft must wait for the upload.
      await user.click(screen.getByRole('button', { name: 'Nueva', hidden: true }));
      expect(toastTexts()).toContain('Espera a que termine la subida del video');

      await user.click(screen.getByRole('button', { name: 'Cancelar la subida de sesion.mp4', hidden: true }));
      expect(toastTexts()).toContain('Subida cancelada');

      // Again, and the store answers: the key goes to the draft, and the attached video replaces the uploader.
      FakeXhr.handler = () => ({ status: 200 });
      await user.upload(screen.getByTestId('video-file-input'), bigVideo('sesion.mp4', 4 * MIB));
      const attached = await screen.findByTestId('attached-video');
      expect(attached).toHaveTextContent('sesion.mp4');
      await vi.waitFor(() => expect(updateDraft).toHaveBeenCalledWith(ID, { archivo_video_info: VIDEO_INFO }));
      await vi.waitFor(() => expect(attached).toHaveTextContent('Video adjunto'));

      await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Guardar Sesión', hidden: true })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: 'Guardar Sesión', hidden: true }));
      await vi.waitFor(() => expect(dataProvider.createSession).toHaveBeenCalled());
      expect(dataProvider.createSession.mock.calls[0][0]).toMatchObject({ video_url: KEY, draft_id: ID, paciente_id: 'p1' });
      expect(screen.queryByTestId('attached-video')).toBeNull();
    });

    it('a reopened draft shows its video; Quitar clears the key on the draft', async () => {
      const saved = draftOf({ titulo: 'Con video', tipo_sesion: 'psicoterapia' }, { archivo_video_info: VIDEO_INFO });
      const updateDraft = vi.fn((_id: string, data: DraftPayload) => Promise.resolve(draftOf({ titulo: 'Con video', tipo_sesion: 'psicoterapia' }, { archivo_video_info: { ...VIDEO_INFO, ...data.archivo_video_info } })));
      const { dataProvider, user } = renderPanel({ getPatientDrafts: () => Promise.resolve([saved]), getDraft: () => Promise.resolve(saved), updateDraft });
      await user.click(await screen.findByRole('button', { name: /^Con video/, hidden: true }));
      const attached = await screen.findByTestId('attached-video');
      expect(attached).toHaveTextContent('sesion.mp4');
      await user.click(within(attached).getByRole('button', { name: 'Quitar el video sesion.mp4', hidden: true }));
      await vi.waitFor(() => expect(updateDraft).toHaveBeenCalledWith(ID, { archivo_video_info: { file_key: null, video_url: null, estado_upload: null, upload_progress: null } }));
      expect(await screen.findByRole('button', { name: 'Seleccionar video', hidden: true })).toBeInTheDocument();
      expect(toastTexts()).toContain('Video quitado del borrador');
      expect(dataProvider.createDraft).not.toHaveBeenCalled();
    });
  });
});
