import { DRAFT_STATES, type DraftProgress, type DraftState, type SessionDraftListItem } from '@consulta/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CoreAdminContext, type DataProvider } from 'ra-core';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../app/core/http';
import { getToasts } from '../../../components/toast/toastStore';
import { aDraftListItem, aDraftProgress } from '../../../test/factories';
import { stubDataProvider } from '../../../test/stubDataProvider';
import { DraftAutosaver, type DraftCalls } from './draftAutosaver';
import { DraftJobStatus } from './DraftJobStatus';
import { DraftList } from './DraftList';
import { useDraftList } from './draftQueries';

const idOf = (n: number) => `0000000${n}-3456-4789-8abc-def012345678`;

const item = (n: number, estado: DraftState, patch: Partial<SessionDraftListItem> = {}): SessionDraftListItem =>
  aDraftListItem({
    draft_id: idOf(n),
    id: idOf(n),
    titulo: `Borrador ${estado}`,
    estado,
    progreso: estado === 'transcribiendo' ? 40 : 0,
    updated_at: `2026-11-23T09:0${9 - n}:00.000Z`,
    ...patch,
  });

/** Every state the list can show (a draft saved as a session, `completado`, is no longer listed). */
const LISTED = DRAFT_STATES.filter((s) => s !== 'completado');

const progress = (id: string, estado: DraftState): DraftProgress => aDraftProgress({ draft_id: id, estado });

const never = () => new Promise<never>(() => undefined);

function autosaver(cancelJob: DraftCalls['cancelJob']) {
  return new DraftAutosaver({
    createDraft: never,
    updateDraft: never,
    getDraft: never,
    getDraftProgress: never,
    updateDraftOnPageHide: never,
    startTranscription: never,
    startAnalysis: never,
    cancelJob,
  });
}

/** The list as the page has it: loaded through useDraftList, each entry kept current. */
function Harness({ saver }: { saver: DraftAutosaver }) {
  const list = useDraftList('p1');
  return (
    <DraftList
      drafts={list.drafts}
      types={[]}
      loading={list.loading}
      failed={list.failed}
      hasPatient
      openId={null}
      saver={saver}
      onOpen={() => undefined}
      onNew={() => undefined}
      onDelete={() => undefined}
      onRetry={() => undefined}
    />
  );
}

function renderList(drafts: SessionDraftListItem[], cancelJob: DraftCalls['cancelJob']) {
  const dataProvider = stubDataProvider({ getPatientDrafts: () => Promise.resolve(drafts) });
  const saver = autosaver(cancelJob);
  render(
    <CoreAdminContext dataProvider={dataProvider as unknown as DataProvider}>
      <Harness saver={saver} />
    </CoreAdminContext>,
  );
  return { user: userEvent.setup({ delay: null }) };
}

const rowOf = (title: string) => screen.getByRole('button', { name: new RegExp(`^${title}`) }).closest('li')!;
const toastTexts = () => getToasts().map((t) => [t.title, t.description].filter(Boolean).join(': '));

describe("'Sesiones en Procesamiento'", () => {
  it("shows each state's text from the spec, and 'Cancelar procesamiento' only where a job runs", async () => {
    renderList(
      LISTED.map((estado, i) => item(i + 1, estado)),
      vi.fn(),
    );
    await screen.findByRole('button', { name: /^Borrador borrador/ });
    const texts: Record<string, string> = {
      borrador: 'Borrador guardado',
      procesando: 'Iniciando procesamiento...',
      subiendo_video: 'Subiendo video...',
      transcribiendo: 'Generando transcripción...',
      guardando: 'Guardando sesión...',
      fallido: 'Error en el procesamiento',
      cancelado: 'Procesamiento cancelado',
    };
    for (const estado of LISTED) expect(within(rowOf(`Borrador ${estado}`)).getByText(texts[estado])).toBeInTheDocument();
    const cancels = screen.getAllByRole('button', { name: /^Cancelar procesamiento de / });
    expect(cancels.map((b) => b.getAttribute('aria-label'))).toEqual([
      `Cancelar procesamiento de Borrador procesando #${idOf(2).slice(0, 8)}`,
      `Cancelar procesamiento de Borrador transcribiendo #${idOf(4).slice(0, 8)}`,
    ]);
    expect(within(rowOf('Borrador transcribiendo')).getByRole('progressbar', { name: 'Progreso 40%' })).toBeInTheDocument();
  });

  it("cancels from the list: 'Procesamiento cancelado' in the row at once, and said in a toast", async () => {
    const cancelJob = vi.fn((id: string) => Promise.resolve(progress(id, 'cancelado')));
    const { user } = renderList([item(1, 'transcribiendo'), item(2, 'borrador')], cancelJob);
    const row = await waitFor(() => rowOf('Borrador transcribiendo'));
    await user.click(within(row).getByRole('button', { name: /^Cancelar procesamiento de Borrador transcribiendo/ }));
    // Asked first: the work done so far is paid for. 'Seguir procesando' keeps it running.
    const ask = await screen.findByRole('dialog', { name: '¿Cancelar el procesamiento?' });
    await user.click(within(ask).getByRole('button', { name: 'Seguir procesando' }));
    expect(cancelJob).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(row).getByRole('button', { name: /^Cancelar procesamiento de Borrador transcribiendo/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar procesamiento' }));
    expect(cancelJob).toHaveBeenCalledWith(idOf(1));
    await waitFor(() => expect(within(rowOf('Borrador transcribiendo')).getByText('Procesamiento cancelado')).toBeInTheDocument());
    expect(within(rowOf('Borrador transcribiendo')).queryByRole('button', { name: /Cancelar procesamiento/ })).toBeNull();
    expect(within(rowOf('Borrador transcribiendo')).queryByRole('progressbar')).toBeNull();
    expect(toastTexts()).toContain('Procesamiento cancelado');
  });

  it("a refused cancel says why, with the server's reason", async () => {
    const refusal = new ApiError('Conflict', 409, {
      detail: 'No hay ningún procesamiento en curso en este borrador',
      code: 'NOTHING_RUNNING',
    });
    const { user } = renderList(
      [item(1, 'procesando')],
      vi.fn(() => Promise.reject(refusal)),
    );
    const row = await waitFor(() => rowOf('Borrador procesando'));
    await user.click(within(row).getByRole('button', { name: /^Cancelar procesamiento/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar procesamiento' }));
    await waitFor(() =>
      expect(toastTexts()).toContain('Error al cancelar el procesamiento: No hay ningún procesamiento en curso en este borrador'),
    );
  });

  it("shows the transcript's preview under its draft", async () => {
    renderList([item(1, 'borrador', { transcripcion_preview: 'Hablante 1: Hola.\nHablante 2: Buenas.…' })], vi.fn());
    const row = await waitFor(() => rowOf('Borrador borrador'));
    expect(within(row).getByTestId('draft-transcript-preview')).toHaveTextContent('Hablante 1: Hola. Hablante 2: Buenas.…');
  });
});

describe('the open draft’s processing status', () => {
  it("offers 'Cancelar procesamiento' while a transcription or an analysis runs, and nowhere else", () => {
    const saver = autosaver(vi.fn());
    const { rerender } = render(
      <CoreAdminContext dataProvider={stubDataProvider() as unknown as DataProvider}>
        <DraftJobStatus draft={{ id: idOf(1), estado: 'transcribiendo', progreso: 40 }} saver={saver} />
      </CoreAdminContext>,
    );
    expect(screen.getByRole('button', { name: 'Cancelar procesamiento' })).toBeInTheDocument();
    expect(screen.getByTestId('draft-job-status-text')).toHaveTextContent('Generando transcripción...');
    for (const estado of ['borrador', 'subiendo_video', 'guardando', 'fallido', 'cancelado'] as const) {
      rerender(
        <CoreAdminContext dataProvider={stubDataProvider() as unknown as DataProvider}>
          <DraftJobStatus draft={{ id: idOf(1), estado, progreso: 0 }} saver={saver} />
        </CoreAdminContext>,
      );
      expect(screen.queryByRole('button', { name: 'Cancelar procesamiento' })).toBeNull();
    }
    expect(screen.getByTestId('draft-job-status-text')).toHaveTextContent('Procesamiento cancelado');
  });
});
