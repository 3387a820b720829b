import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { currencySymbol, type SessionFieldType } from '@consulta/shared';
import { useCurrency } from '../../app/core/publicConfig';
import { useFieldErrors } from '../../components/forms';
import { useState, type FormEvent } from 'react';
import { hasChanged } from '../../components/unsaved/hasChanged';
import { useUnsavedChanges } from '../../components/unsaved/useUnsavedChanges';
import {
  BLOCKED_VALUE_KEYS,
  FIELD_TYPE_LABELS,
  FIELD_TYPES,
  hasSessionTypeErrors,
  move,
  newField,
  validateSessionType,
  type FieldForm,
  type SessionTypeErrors,
  type SessionTypeForm,
} from './sessionTypeForm';
import { SESSION_TYPES_TEXT } from '../../i18n/es/session-types';
import { DialogActionBar } from '../../components/DialogActionBar';
import { TitledDialog } from '../../components/TitledDialog';

const D = SESSION_TYPES_TEXT.dialog;

/**
 * Create or edit a session type, with its field builder (add, remove, reorder; type, required, placeholder, options).
 * Closing it over unsaved changes asks first.
 */
export function SessionTypeDialog({
  title,
  initial,
  saving,
  onCancel,
  onSave,
}: {
  title: string;
  initial: SessionTypeForm;
  saving: boolean;
  onCancel: () => void;
  onSave: (form: SessionTypeForm) => void;
}) {
  const [start] = useState(initial);
  const [form, setForm] = useState(start);
  const [errors, setErrors] = useState<SessionTypeErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const currency = useCurrency();
  // The marks by field: the fields' own names, `campos.<key>` for a custom field's name.
  const flat = {
    nombre: errors.nombre,
    valor: errors.valor,
    ...Object.fromEntries(Object.entries(errors.campos ?? {}).map(([key, message]) => [`campos.${key}`, message])),
  };
  const marks = useFieldErrors({ errors: flat });
  const leave = useUnsavedChanges({ dirty: !saving && hasChanged(form, start) });
  const cancel = () => !saving && leave.confirm(onCancel);

  const change = (next: SessionTypeForm) => {
    setForm(next);
    if (submitted) setErrors(validateSessionType(next));
  };
  const setField = (index: number, patch: Partial<FieldForm>) =>
    change({ ...form, campos: form.campos.map((f, i) => (i === index ? { ...f, ...patch } : f)) });

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const found = validateSessionType(form);
    setErrors(found);
    if (!hasSessionTypeErrors(found)) onSave(form);
    // Refused: each field marked, the first focused, what is missing said beside the button.
    else
      marks.reveal({
        nombre: found.nombre,
        valor: found.valor,
        ...Object.fromEntries(Object.entries(found.campos ?? {}).map(([key, message]) => [`campos.${key}`, message])),
      });
  }

  return (
    <TitledDialog id="session-type" title={title} open onClose={cancel} fullScreenOnPhone maxWidth="md">
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }} {...marks.root}>
        <DialogContent dividers>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, gap: 2, mb: 2 }}>
            <TextField
              label={D.name}
              required
              autoFocus
              value={form.nombre}
              onChange={(e) => change({ ...form, nombre: e.target.value })}
              data-field="nombre"
              error={Boolean(errors.nombre)}
              helperText={errors.nombre}
            />
            <TextField
              label={D.value}
              required
              value={form.valor}
              data-field="valor"
              onChange={(e) => change({ ...form, valor: e.target.value })}
              onKeyDown={(e) => BLOCKED_VALUE_KEYS.includes(e.key) && e.preventDefault()}
              error={Boolean(errors.valor)}
              helperText={errors.valor}
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                // As a price is written in Spain: '35,50 €'.
                input: { endAdornment: <InputAdornment position="end">{currencySymbol(currency)}</InputAdornment> },
              }}
            />
          </Box>
          <TextField
            label={D.description}
            multiline
            minRows={2}
            fullWidth
            value={form.descripcion}
            onChange={(e) => change({ ...form, descripcion: e.target.value })}
            sx={{ mb: 1 }}
          />
          <FormControlLabel
            control={<Switch checked={form.activo} onChange={(e) => change({ ...form, activo: e.target.checked })} />}
            label={form.activo ? D.activeHint : D.inactiveHint}
            sx={{ mb: 2 }}
          />
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 1, mb: 1.5 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
              {D.fields}
            </Typography>
            <Button
              startIcon={<AddOutlined />}
              onClick={() => change({ ...form, campos: [...form.campos, newField()] })}
              sx={{ whiteSpace: 'nowrap', mr: -1 }}
            >
              {D.addField}
            </Button>
          </Stack>
          {form.campos.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {D.noFields}
            </Typography>
          )}
          <Stack spacing={1.5}>
            {form.campos.map((field, index) => (
              <Paper key={field.key} variant="outlined" sx={{ p: 1.5 }} role="group" aria-label={D.field(index + 1)}>
                <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr auto' }, gap: 1.5, alignItems: 'start' }}>
                  <TextField
                    label={D.fieldName}
                    size="small"
                    value={field.nombre}
                    onChange={(e) => setField(index, { nombre: e.target.value })}
                    data-field={`campos.${field.key}`}
                    error={Boolean(errors.campos?.[field.key])}
                    helperText={errors.campos?.[field.key]}
                  />
                  <TextField
                    select
                    label={D.fieldType}
                    size="small"
                    value={field.tipo}
                    onChange={(e) => setField(index, { tipo: e.target.value as SessionFieldType })}
                    id={`field-type-${field.key}`}
                  >
                    {FIELD_TYPES.map((t) => (
                      <MenuItem key={t} value={t}>
                        {FIELD_TYPE_LABELS[t]}
                      </MenuItem>
                    ))}
                  </TextField>
                  <Stack direction="row">
                    <IconButton
                      aria-label={D.moveUp}
                      disabled={index === 0}
                      onClick={() => change({ ...form, campos: move(form.campos, index, -1) })}
                    >
                      <ArrowUpward fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={D.moveDown}
                      disabled={index === form.campos.length - 1}
                      onClick={() => change({ ...form, campos: move(form.campos, index, 1) })}
                    >
                      <ArrowDownward fontSize="small" />
                    </IconButton>
                    <IconButton
                      aria-label={D.remove}
                      onClick={() => change({ ...form, campos: form.campos.filter((_, i) => i !== index) })}
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </Stack>
                  <TextField
                    label={D.placeholder}
                    size="small"
                    value={field.placeholder}
                    onChange={(e) => setField(index, { placeholder: e.target.value })}
                  />
                  <FormControlLabel
                    control={<Checkbox checked={field.requerido} onChange={(e) => setField(index, { requerido: e.target.checked })} />}
                    label={D.required}
                  />
                  {field.tipo === 'select' && (
                    <TextField
                      label={D.options}
                      size="small"
                      multiline
                      minRows={2}
                      value={field.opciones}
                      onChange={(e) => setField(index, { opciones: e.target.value })}
                      sx={{ gridColumn: '1 / -1' }}
                    />
                  )}
                </Box>
              </Paper>
            ))}
          </Stack>
        </DialogContent>
        <DialogActionBar problems={marks.summary} onCancel={cancel} busy={saving} label={D.save} busyLabel={D.saving} />
      </Box>
      {leave.prompt}
    </TitledDialog>
  );
}
