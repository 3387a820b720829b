import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EXERCISE_LIMITS, MSG, type Exercise, type Module } from '@consulta/shared';
import { useState } from 'react';
import { hasChanged } from '../../components/unsaved/hasChanged';
import { useUnsavedChanges } from '../../components/unsaved/useUnsavedChanges';
import { reportError } from '../../app/core/reportError';
import { useFieldErrors } from '../../components/forms';
import { CategoryChip } from '../../components/exercises/ExerciseChips';
import { toastSuccess } from '../../components/toast/toastStore';
import { EXERCISE_BANK_TEXT } from '../../i18n/es/exercise-bank';
import { useBankExercises, useModuleDetail, useModuleLinks, useSaveModule } from './bankQueries';
import { emptyModuleForm, move, moduleToForm, validateModule, type ModuleForm } from './moduleForm';
import { ModuleSaveError } from './moduleSave';
import { PatientPicker } from './PatientPicker';
import { DialogActionBar } from '../../components/DialogActionBar';
import { TitledDialog } from '../../components/TitledDialog';

const T = EXERCISE_BANK_TEXT.moduleForm;

export interface ModuleDialogProps {
  open: boolean;
  /** The module to edit; a new one when absent. */
  module?: Module | null;
  /** Creating from a patient's page: the new module is assigned to this patient. */
  assignTo?: { id: string };
  onClose: () => void;
  onSaved: () => void;
}

/** 'Crear Módulo' / 'Editar Módulo': its text, its exercises in order and its patients, a fresh form at each opening. */
export function ModuleDialog(props: ModuleDialogProps) {
  return props.open ? <OpenModuleDialog {...props} /> : null;
}

interface Saved {
  id: string | null;
  form: ModuleForm;
}

function OpenModuleDialog({ module, assignTo, onClose, onSaved }: ModuleDialogProps) {
  const editing = Boolean(module);
  const detail = useModuleDetail(module?.id ?? null);
  const links = useModuleLinks(editing);
  // What the server holds (null while an edited module loads) and what the form says.
  const [state, setState] = useState<{ saved: Saved; form: ModuleForm } | null>(() =>
    module
      ? null
      : { saved: { id: null, form: emptyModuleForm() }, form: { ...emptyModuleForm(), pacienteIds: assignTo ? [assignTo.id] : [] } },
  );
  // The form as it opened: what closing measures the changes against.
  const [opened, setOpened] = useState<ModuleForm | null>(() => state?.form ?? null);
  if (!state && detail.data && links.data) {
    const initial = moduleToForm(
      detail.data,
      links.data.filter((l) => l.modulo_id === detail.data.id).map((l) => l.paciente_id),
    );
    setState({ saved: { id: detail.data.id, form: initial }, form: initial });
    setOpened(initial);
  }

  // Held here: the dialog does not close while saving.
  const [saving, setSaving] = useState(false);
  const leave = useUnsavedChanges({ dirty: Boolean(state && opened && !saving && hasChanged(state.form, opened)) });
  const cancel = () => !saving && leave.confirm(onClose);

  let body;
  if (state)
    body = (
      <ModuleFormBody
        key="form"
        state={state}
        setState={setState}
        editing={editing}
        saving={saving}
        setSaving={setSaving}
        onCancel={cancel}
        onSaved={onSaved}
      />
    );
  else if (detail.isError || links.isError) body = <Alert severity="error">{MSG.exercises.listModulesFailed}</Alert>;
  else
    body = (
      <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center', p: 3, color: 'text.secondary' }}>
        <CircularProgress size={20} />
        <Typography>{EXERCISE_BANK_TEXT.loading}</Typography>
      </Stack>
    );

  return (
    <TitledDialog id="module-dialog" title={editing ? T.editTitle : T.createTitle} open onClose={cancel} fullScreenOnPhone maxWidth="sm">
      {body}
      {!state && (
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            {T.cancel}
          </Button>
        </DialogActions>
      )}
      {leave.prompt}
    </TitledDialog>
  );
}

interface BodyProps {
  state: { saved: Saved; form: ModuleForm };
  setState: (next: { saved: Saved; form: ModuleForm }) => void;
  editing: boolean;
  saving: boolean;
  setSaving: (saving: boolean) => void;
  /** 'Cancelar': asks first when something changed. */
  onCancel: () => void;
  onSaved: () => void;
}

function ModuleFormBody({ state, setState, editing, saving, setSaving, onCancel, onSaved }: BodyProps) {
  const saveModule = useSaveModule();
  const bank = useBankExercises();
  const marks = useFieldErrors<'titulo'>();
  const { form, saved } = state;
  const set = (patch: Partial<ModuleForm>) => {
    setState({ saved, form: { ...form, ...patch } });
    if ('titulo' in patch) marks.clear('titulo');
  };
  const byId = new Map<string, Exercise>((bank.data ?? []).map((e) => [e.id, e]));
  const addable = (bank.data ?? []).filter((e) => !form.ejercicioIds.includes(e.id)).sort((a, b) => a.titulo.localeCompare(b.titulo, 'es'));

  async function save() {
    // Refused: the title marked and focused, what is missing said beside the button.
    if (marks.reveal(validateModule(form))) return;
    setSaving(true);
    try {
      await saveModule.mutateAsync({ id: saved.id, saved: saved.form, form });
      toastSuccess(editing ? MSG.exercises.moduleUpdated : MSG.exercises.moduleCreated);
      onSaved();
    } catch (e) {
      if (e instanceof ModuleSaveError) setState({ saved: e.saved, form });
      const cause = e instanceof ModuleSaveError ? e.cause : e;
      if (!marks.revealServer(cause)) reportError(cause, editing ? MSG.exercises.moduleUpdateFailed : MSG.exercises.moduleCreateFailed);
      setSaving(false);
    }
  }

  return (
    <>
      <DialogContent dividers>
        <Stack spacing={2.5} component="form" noValidate onSubmit={(e) => (e.preventDefault(), void save())} {...marks.root}>
          <TextField
            label={T.title}
            required
            autoFocus={!editing}
            value={form.titulo}
            onChange={(e) => set({ titulo: e.target.value })}
            {...marks.field('titulo')}
            slotProps={{ htmlInput: { maxLength: EXERCISE_LIMITS.titleMax } }}
          />
          <TextField
            label={T.description}
            multiline
            minRows={2}
            value={form.descripcion}
            onChange={(e) => set({ descripcion: e.target.value })}
            slotProps={{ htmlInput: { maxLength: EXERCISE_LIMITS.descriptionMax } }}
          />
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
              {T.exercises}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {form.ejercicioIds.length === 0 ? T.noExercises : T.exercisesHelp}
            </Typography>
            {bank.isError && <Alert severity="error">{MSG.exercises.loadExercisesFailed}</Alert>}
            {form.ejercicioIds.length > 0 && (
              <Box component="ol" aria-label={T.exercises} sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.5, display: 'grid', gap: 0.75 }}>
                {form.ejercicioIds.map((id, index) => {
                  const exercise = byId.get(id);
                  const title = exercise?.titulo ?? '…';
                  return (
                    <Box
                      component="li"
                      key={id}
                      sx={{
                        display: 'flex',
                        alignItems: 'center',
                        gap: 1,
                        border: 1,
                        borderColor: 'divider',
                        borderRadius: 1.5,
                        pl: 1.5,
                        pr: 0.5,
                        py: 0.5,
                        minWidth: 0,
                      }}
                    >
                      <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 20 }}>
                        {index + 1}.
                      </Typography>
                      <Box sx={{ flex: 1, minWidth: 0 }}>
                        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                          {title}
                        </Typography>
                        {exercise?.categoria && <CategoryChip categoria={exercise.categoria} />}
                      </Box>
                      <IconButton
                        aria-label={T.up(title)}
                        disabled={saving || index === 0}
                        onClick={() => set({ ejercicioIds: move(form.ejercicioIds, index, -1) })}
                      >
                        <ArrowUpwardOutlined fontSize="small" />
                      </IconButton>
                      <IconButton
                        aria-label={T.down(title)}
                        disabled={saving || index === form.ejercicioIds.length - 1}
                        onClick={() => set({ ejercicioIds: move(form.ejercicioIds, index, 1) })}
                      >
                        <ArrowDownwardOutlined fontSize="small" />
                      </IconButton>
                      <IconButton
                        aria-label={T.remove(title)}
                        disabled={saving}
                        onClick={() => set({ ejercicioIds: form.ejercicioIds.filter((e) => e !== id) })}
                      >
                        <CloseOutlined fontSize="small" />
                      </IconButton>
                    </Box>
                  );
                })}
              </Box>
            )}
            {bank.data && (
              <TextField
                select
                fullWidth
                size="small"
                label={T.add}
                value=""
                disabled={saving || addable.length === 0}
                helperText={addable.length === 0 && bank.data.length > 0 ? T.addNone : undefined}
                onChange={(e) => set({ ejercicioIds: [...form.ejercicioIds, e.target.value] })}
              >
                {addable.map((e) => (
                  <MenuItem key={e.id} value={e.id} sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                    {e.titulo}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Box>
          <PatientPicker
            label={T.patients}
            help={T.patientsHelp}
            value={form.pacienteIds}
            onChange={(pacienteIds) => set({ pacienteIds })}
            disabled={saving}
          />
        </Stack>
      </DialogContent>
      <DialogActionBar
        problems={marks.summary}
        onCancel={onCancel}
        busy={saving}
        onSubmit={() => void save()}
        label={editing ? T.save : T.create}
        busyLabel={T.saving}
      />
    </>
  );
}
