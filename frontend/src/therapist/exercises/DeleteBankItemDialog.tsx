import Typography from '@mui/material/Typography';
import { DELETE_TOAST_MS, MSG, type Exercise, type Module } from '@consulta/shared';
import { useState } from 'react';
import { reportError } from '../../app/core/reportError';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { toastSuccess } from '../../components/toast/toastStore';
import { EXERCISE_BANK_TEXT } from '../../i18n/es/exercise-bank';
import { useDeleteBankItem } from './bankQueries';

const T = EXERCISE_BANK_TEXT.delete;

export type BankItem = { kind: 'exercise'; value: Exercise } | { kind: 'module'; value: Module };

/**
 * Deleting an exercise or a module of the bank (a confirmation saying it cannot be undone), naming how
 * many patients have it and what they keep (completed work stays as history, see docs/decisions/exercises.md).
 */
export function DeleteBankItemDialog({ item, onDone }: { item: BankItem | null; onDone: () => void }) {
  const deleteItem = useDeleteBankItem();
  const [deleting, setDeleting] = useState(false);
  // The text stays while the dialog fades out.
  const [shown, setShown] = useState<BankItem | null>(item);
  if (item && item !== shown) setShown(item);

  async function confirm(target: BankItem) {
    setDeleting(true);
    try {
      await deleteItem.mutateAsync({ kind: target.kind, id: target.value.id });
      toastSuccess(target.kind === 'exercise' ? MSG.exercises.deleted : MSG.exercises.moduleDeleted, undefined, DELETE_TOAST_MS);
      onDone();
    } catch (error) {
      reportError(error, target.kind === 'exercise' ? MSG.exercises.exerciseDeleteFailed : MSG.exercises.moduleDeleteFailed);
    } finally {
      setDeleting(false);
    }
  }

  const assigned = shown?.value.pacientes_asignados ?? 0;
  return (
    <ConfirmDialog
      id="delete-bank-item"
      open={Boolean(item)}
      title={shown?.kind === 'module' ? T.moduleTitle : T.exerciseTitle}
      busy={deleting}
      onCancel={onDone}
      onConfirm={() => shown && void confirm(shown)}
    >
      {shown && (
        <>
          <Typography sx={{ mb: 1 }}>
            {shown.kind === 'exercise' ? T.exercise(shown.value.titulo) : T.module(shown.value.titulo)}
          </Typography>
          {assigned > 0 && (
            <Typography sx={{ mb: 1 }}>{shown.kind === 'exercise' ? T.exerciseAssigned(assigned) : T.moduleAssigned(assigned)}</Typography>
          )}
          <Typography sx={{ fontWeight: 600 }}>{T.irreversible}</Typography>
        </>
      )}
    </ConfirmDialog>
  );
}
