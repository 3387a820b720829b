import Alert from '@mui/material/Alert';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EXERCISE_CATEGORIES, EXERCISE_LIMITS, MSG, type Exercise } from '@consulta/shared';
import { useCallback, useState } from 'react';
import { reportError } from '../../app/core/reportError';
import { useFieldErrors } from '../../components/forms';
import { toastSuccess } from '../../components/toast/toastStore';
import { hasChanged } from '../../components/unsaved/hasChanged';
import { useUnsavedChanges } from '../../components/unsaved/useUnsavedChanges';
import { EXERCISE_BANK_TEXT } from '../../i18n/es/exercise-bank';
import { useDeleteFile, useUploadCalls } from '../../shell/upload/storageQueries';
import { useCreateExercise, useUpdateExercise } from './bankQueries';
import { ExerciseFilesField } from './ExerciseFilesField';
import {
  createdMessage,
  emptyExerciseForm,
  exerciseToForm,
  toExercisePayload,
  validateExercise,
  type ExerciseErrors,
  type ExerciseForm,
} from './exerciseForm';
import { PatientPicker } from './PatientPicker';
import { DialogActionBar } from '../../components/DialogActionBar';
import { TitledDialog } from '../../components/TitledDialog';

const T = EXERCISE_BANK_TEXT.exerciseForm;

export interface ExerciseDialogProps {
  open: boolean;
  /** The exercise to edit; a new one when absent. */
  exercise?: Exercise | null;
  /** Creating from a patient's page: the new exercise is assigned to this patient (no picker). */
  assignTo?: { id: string; nombre: string };
  onClose: () => void;
  onSaved: (exercise: Exercise) => void;
}

/** 'Crear Ejercicio' / 'Editar Ejercicio': a fresh form at each opening. */
export function ExerciseDialog(props: ExerciseDialogProps) {
  return props.open ? <OpenExerciseDialog {...props} /> : null;
}

function OpenExerciseDialog({ exercise, assignTo, onClose, onSaved }: ExerciseDialogProps) {
  const uploadCalls = useUploadCalls();
  const deleteFile = useDeleteFile();
  const createExercise = useCreateExercise();
  const updateExercise = useUpdateExercise();
  const creating = !exercise;
  const [initial] = useState<ExerciseForm>(() => (exercise ? exerciseToForm(exercise) : emptyExerciseForm(assignTo ? [assignTo.id] : [])));
  const [form, setForm] = useState<ExerciseForm>(initial);
  const marks = useFieldErrors<keyof ExerciseErrors>();
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);
  const set = (patch: Partial<ExerciseForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    if ('titulo' in patch) marks.clear('titulo');
  };
  const leave = useUnsavedChanges({ dirty: !saving && (uploading || hasChanged(form, initial)) });
  const cancel = () => !saving && leave.confirm(onClose);

  async function save() {
    // Refused: each field marked, the first focused, what is missing said beside the button.
    if (marks.reveal(validateExercise(form)) || uploading) return;
    setSaving(true);
    try {
      const payload = toExercisePayload(form, creating);
      if (exercise) {
        const saved = await updateExercise.mutateAsync({ id: exercise.id, payload });
        toastSuccess(MSG.exercises.updated);
        onSaved(saved);
      } else {
        const saved = await createExercise.mutateAsync(payload);
        toastSuccess(createdMessage(saved.asignado_a));
        onSaved(saved);
      }
    } catch (error) {
      const failed = creating
        ? assignTo
          ? MSG.exercises.createFailed
          : MSG.exercises.exerciseCreateFailed
        : MSG.exercises.exerciseUpdateFailed;
      if (!marks.revealServer(error, { archivo_url: 'archivos' })) reportError(error, failed);
      setSaving(false);
    }
  }

  return (
    <TitledDialog id="exercise-dialog" title={creating ? T.createTitle : T.editTitle} open onClose={cancel} fullScreenOnPhone maxWidth="sm">
      <DialogContent dividers>
        <Stack spacing={2.5} component="form" noValidate onSubmit={(e) => (e.preventDefault(), void save())} {...marks.root}>
          <TextField
            label={T.title}
            required
            autoFocus
            value={form.titulo}
            onChange={(e) => set({ titulo: e.target.value })}
            {...marks.field('titulo')}
            slotProps={{ htmlInput: { maxLength: EXERCISE_LIMITS.titleMax } }}
          />
          <TextField select label={T.category} value={form.categoria} onChange={(e) => set({ categoria: e.target.value })}>
            <MenuItem value="">{T.noCategory}</MenuItem>
            {EXERCISE_CATEGORIES.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={T.description}
            multiline
            minRows={4}
            value={form.descripcion}
            onChange={(e) => set({ descripcion: e.target.value })}
            helperText={T.descriptionHelp}
            slotProps={{ htmlInput: { maxLength: EXERCISE_LIMITS.descriptionMax } }}
          />
          <Stack spacing={1} data-field="archivos">
            <ExerciseFilesField
              calls={uploadCalls}
              value={form.archivos}
              onChange={(update) => {
                setForm((f) => ({ ...f, archivos: update(f.archivos) }));
                marks.clear('archivos');
              }}
              onBusyChange={onBusyChange}
              deleteFile={deleteFile}
              disabled={saving}
            />
            {marks.errors.archivos && <Alert severity="error">{marks.errors.archivos}</Alert>}
          </Stack>
          {creating &&
            (assignTo ? (
              <Typography variant="body2" color="text.secondary">
                {T.assignToOne(assignTo.nombre)}
              </Typography>
            ) : (
              <PatientPicker
                label={T.assignTo}
                value={form.pacienteIds}
                onChange={(pacienteIds) => set({ pacienteIds })}
                disabled={saving}
              />
            ))}
        </Stack>
      </DialogContent>
      <DialogActionBar
        problems={marks.summary}
        sx={{ flexWrap: 'wrap', gap: 1 }}
        before={
          uploading && (
            <Typography variant="caption" color="text.secondary" sx={{ mr: 'auto' }}>
              {T.waitUploads}
            </Typography>
          )
        }
        onCancel={cancel}
        busy={saving}
        disabled={uploading}
        onSubmit={() => void save()}
        label={creating ? T.create : T.save}
        busyLabel={T.saving}
      />
      {leave.prompt}
    </TitledDialog>
  );
}
