import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import { MSG, type Session, type SessionType } from '@consulta/shared';
import { useState, type FormEvent } from 'react';
import { hasChanged } from '../../components/unsaved/hasChanged';
import { useUnsavedChanges } from '../../components/unsaved/useUnsavedChanges';
import { reportError } from '../../app/core/reportError';
import { useFieldErrors } from '../../components/forms';
import { toastSuccess } from '../../components/toast/toastStore';
import { useUpdateSession } from './sessionQueries';
import { SessionFormFields } from './SessionFormFields';
import { useFormSessionTypes } from '../session-types/sessionTypeQueries';
import {
  SESSION_SERVER_FIELDS,
  changedFields,
  customTypeOf,
  fromSession,
  sessionFieldErrors,
  toSessionPayload,
  type SessionFieldName,
  type SessionForm,
} from './sessionForm';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import { DialogActionBar } from '../../components/DialogActionBar';
import { TitledDialog } from '../../components/TitledDialog';

/** The changes of the edit (PATCH sends only those), or the fields at fault when the form is not valid. */
function changesOf(form: SessionForm, session: Session, types: readonly SessionType[]) {
  const type = customTypeOf(form.tipo, types);
  const problems = sessionFieldErrors(form, type);
  if (Object.keys(problems).length > 0) return { problems };
  const initial = fromSession(session);
  return { changes: changedFields(toSessionPayload(form, type), toSessionPayload(initial, customTypeOf(initial.tipo, types))) };
}

function EditSessionForm({
  session,
  form,
  setForm,
  saving,
  setSaving,
  onClose,
  onCancel,
  onSaved,
}: {
  session: Session;
  /** Held by the dialog, which asks before closing over unsaved changes. */
  form: SessionForm;
  setForm: (form: SessionForm) => void;
  /** Held by the dialog: it does not close while saving. */
  saving: boolean;
  setSaving: (saving: boolean) => void;
  /** Closes at once (nothing changed, or saved). */
  onClose: () => void;
  /** 'Cancelar': asks first when something changed. */
  onCancel: () => void;
  onSaved: (session: Session) => void;
}) {
  const update = useUpdateSession();
  const types = useFormSessionTypes();
  const marks = useFieldErrors<SessionFieldName>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { problems, changes } = changesOf(form, session, types);
    if (problems || !changes) {
      marks.reveal(problems ?? {});
      return;
    }
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      const updated = await update.mutateAsync({ sessionId: session.id, changes });
      toastSuccess(MSG.sessions.updated);
      onSaved(updated);
    } catch (error) {
      if (!marks.revealServer(error, SESSION_SERVER_FIELDS)) reportError(error, MSG.sessions.updateFailed);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }} {...marks.root}>
      <DialogContent dividers>
        <SessionFormFields
          form={form}
          onChange={setForm}
          types={types}
          numberEditable
          disabled={saving}
          analysisPublication={session.analisis_ia_paciente_publicado ? 'published' : 'unpublished'}
          marks={marks}
        />
      </DialogContent>
      <DialogActionBar
        problems={marks.summary}
        onCancel={onCancel}
        busy={saving}
        label={WORKSPACE_TEXT.sessions.saveChanges}
        busyLabel={WORKSPACE_TEXT.sessions.saving}
      />
    </Box>
  );
}

/**
 * Edits a saved session with the new-session form's fields (number editable); open while `session` is set.
 * Escape, the backdrop and 'Cancelar' ask before unsaved changes are dropped.
 */
export function EditSessionDialog({
  session,
  onClose,
  onSaved,
}: {
  session: Session | null;
  onClose: () => void;
  onSaved: (session: Session) => void;
}) {
  // Keep the session while the dialog fades out.
  const [shown, setShown] = useState(session);
  const [form, setForm] = useState(() => (session ? fromSession(session) : null));
  if (session && session !== shown) {
    setShown(session);
    setForm(fromSession(session));
  }
  const [saving, setSaving] = useState(false);
  const leave = useUnsavedChanges({ dirty: Boolean(session && form && !saving && hasChanged(form, fromSession(session))) });
  const cancel = () => !saving && leave.confirm(onClose);
  return (
    <TitledDialog
      id="edit-session"
      title={WORKSPACE_TEXT.sessions.editTitle(shown?.numero_sesion)}
      open={Boolean(session)}
      onClose={cancel}
      fullScreenOnPhone
      maxWidth="md"
    >
      {shown && form && (
        <EditSessionForm
          key={shown.id}
          session={shown}
          form={form}
          setForm={setForm}
          saving={saving}
          setSaving={setSaving}
          onClose={onClose}
          onCancel={cancel}
          onSaved={onSaved}
        />
      )}
      {leave.prompt}
    </TitledDialog>
  );
}
