import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/core/http';
import { emptyModuleForm, type ModuleForm } from './moduleForm';
import { ModuleSaveError, saveModule } from './moduleSave';

const form = (over: Partial<ModuleForm>): ModuleForm => ({ ...emptyModuleForm(), titulo: 'Ansiedad', ...over });
const already = new ApiError('ya está', 400, {
  detail: 'El ejercicio ya está en este módulo (already assigned)',
  code: 'ALREADY_ASSIGNED',
});
const gone = new ApiError('no está', 404, { detail: 'El ejercicio no está en este módulo', code: 'NOT_FOUND' });

function fakeCalls() {
  const log: string[] = [];
  const ok = (name: string) =>
    vi.fn(
      (...args: unknown[]) => (log.push([name, ...args.filter((a) => typeof a === 'string')].join(' ')), Promise.resolve({ id: 'm1' })),
    );
  return {
    log,
    calls: {
      createModule: ok('create'),
      updateModule: ok('update'),
      addExerciseToModule: ok('add'),
      removeExerciseFromModule: ok('remove'),
      reorderModule: ok('order'),
      assignModule: ok('assign'),
      removeModulePatient: ok('unassign'),
    },
  };
}

describe('saveModule', () => {
  it('creates the module, appends its exercises in order and assigns its patients', async () => {
    const { calls, log } = fakeCalls();
    await saveModule(calls as never, null, emptyModuleForm(), form({ ejercicioIds: ['e2', 'e1'], pacienteIds: ['p1'] }));
    expect(log).toEqual(['create', 'add m1 e2', 'add m1 e1', 'assign p1 m1']);
  });

  it('edits only what changed: removals first, then additions, the order, the patients', async () => {
    const { calls, log } = fakeCalls();
    const before = form({ ejercicioIds: ['a', 'b', 'c'], pacienteIds: ['p1'] });
    await saveModule(calls as never, 'm1', before, form({ titulo: 'Ansiedad II', ejercicioIds: ['d', 'c', 'a'], pacienteIds: ['p2'] }));
    expect(log).toEqual(['update m1', 'remove m1 b', 'add m1 d', 'order m1', 'assign p2 m1', 'unassign m1 p1']);
    expect(calls.reorderModule).toHaveBeenCalledWith('m1', ['d', 'c', 'a']);
  });

  it("ignores 'already assigned' on adding and 404 on removing", async () => {
    const { calls } = fakeCalls();
    calls.addExerciseToModule.mockRejectedValueOnce(already);
    calls.removeExerciseFromModule.mockRejectedValueOnce(gone);
    await expect(saveModule(calls as never, 'm1', form({ ejercicioIds: ['a'] }), form({ ejercicioIds: ['b'] }))).resolves.toBe('m1');
  });

  it('says what got saved when a call fails, so saving again does only the rest', async () => {
    const { calls } = fakeCalls();
    calls.addExerciseToModule.mockResolvedValueOnce({} as never).mockRejectedValueOnce(new ApiError('caído', 503, null));
    const wanted = form({ ejercicioIds: ['e1', 'e2'], pacienteIds: ['p1'] });
    const error = await saveModule(calls as never, null, emptyModuleForm(), wanted).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModuleSaveError);
    const { saved } = error as ModuleSaveError;
    expect(saved).toEqual({ id: 'm1', form: form({ ejercicioIds: ['e1'], pacienteIds: [] }) });

    const again = fakeCalls();
    await saveModule(again.calls as never, saved.id, saved.form, wanted);
    expect(again.log).toEqual(['add m1 e2', 'assign p1 m1']);
  });
});
