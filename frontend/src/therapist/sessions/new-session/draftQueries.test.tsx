import type { SessionDraft } from '@consulta/shared';
import { act, renderHook, waitFor } from '@testing-library/react';
import { CoreAdminContext } from 'ra-core';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { aDraft } from '../../../test/factories';
import { stubDataProvider } from '../../../test/stubDataProvider';
import { useDraftList } from './draftQueries';

const draft = (id: string, updatedAt: string, patientId = 'p1') =>
  aDraft({ id, draft_id: id, paciente_id: patientId, updated_at: updatedAt });

/** The drafts answer, held until the test releases it. */
function heldAnswer() {
  let release: (drafts: SessionDraft[]) => void = () => undefined;
  const answer = new Promise<SessionDraft[]>((resolve) => (release = resolve));
  return { answer, release };
}

function renderList(getPatientDrafts: () => Promise<SessionDraft[]>) {
  const dataProvider = stubDataProvider({ getPatientDrafts });
  const wrapper = ({ children }: { children: ReactNode }) => <CoreAdminContext dataProvider={dataProvider}>{children}</CoreAdminContext>;
  return renderHook(() => useDraftList('p1'), { wrapper });
}

describe('useDraftList', () => {
  it('keeps a draft saved while the list loads, even though the answer predates it', async () => {
    const { answer, release } = heldAnswer();
    const { result } = renderList(() => answer);
    expect(result.current.loading).toBe(true);

    act(() => result.current.upsert(draft('new', '2026-11-27T10:00:00.000Z')));
    act(() => release([draft('old', '2026-11-26T10:00:00.000Z')]));

    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.drafts.map((d) => d.id)).toEqual(['new', 'old']);
  });

  it('forgets a draft removed while the list loads, and keeps another patient’s draft out', async () => {
    const { answer, release } = heldAnswer();
    const { result } = renderList(() => answer);

    act(() => {
      result.current.remove('gone');
      result.current.upsert(draft('elsewhere', '2026-11-27T11:00:00.000Z', 'p2'));
    });
    act(() => release([draft('gone', '2026-11-26T10:00:00.000Z'), draft('kept', '2026-11-25T10:00:00.000Z')]));

    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.drafts.map((d) => d.id)).toEqual(['kept']);
  });

  it('moves a draft saved after the load to the top, and says when the load failed', async () => {
    const loaded = renderList(() => Promise.resolve([draft('a', '2026-11-26T10:00:00.000Z'), draft('b', '2026-11-25T10:00:00.000Z')]));
    await waitFor(() => expect(loaded.result.current.drafts).toHaveLength(2));
    act(() => loaded.result.current.upsert(draft('b', '2026-11-27T10:00:00.000Z')));
    await waitFor(() => expect(loaded.result.current.drafts.map((d) => d.id)).toEqual(['b', 'a']));

    const failing = renderList(() => Promise.reject(new Error('offline')));
    await waitFor(() => expect(failing.result.current.failed).toBe(true));
    expect(failing.result.current.drafts).toEqual([]);
  });
});
