import Typography from '@mui/material/Typography';
import type { SessionDraftListItem } from '@consulta/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { draftTitle, shortDraftId } from './draftFormat';
import { WORKSPACE_TEXT } from '../../../i18n/es/workspace';

const T = WORKSPACE_TEXT.newSession;

/** Confirms deleting a draft: what it holds is lost. */
export function DeleteDraftDialog({
  draft,
  deleting,
  onCancel,
  onConfirm,
}: {
  draft: Pick<SessionDraftListItem, 'id' | 'titulo'> | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  // Keep the text while the dialog fades out.
  const [shown, setShown] = useState(draft);
  if (draft && draft !== shown) setShown(draft);
  return (
    <ConfirmDialog
      id="delete-draft"
      open={Boolean(draft)}
      title={T.deleteDraftTitle}
      busy={deleting}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <Typography>
        {T.deleteDraftBefore}
        <strong>{shown ? draftTitle(shown) : ''}</strong>
        {T.deleteDraftAfter(shown ? shortDraftId(shown.id) : '')}
      </Typography>
    </ConfirmDialog>
  );
}
