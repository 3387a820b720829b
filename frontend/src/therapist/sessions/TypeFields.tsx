import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SessionType } from '@consulta/shared';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import { AudienceMarker } from './AudienceMarker';
import { CustomField } from './CustomField';
import { markOf, multiline, textLimit, twoColumns, type Marks } from './sessionFieldParts';
import { customFieldName, type SessionForm } from './sessionForm';

const S = WORKSPACE_TEXT.sessions;
const F = S.fields;
const A = S.audience;

/** The fields of the chosen type: psychotherapy, psychedelic, or a custom type's own fields. */
export function TypeFields({
  form,
  type,
  disabled,
  markerId,
  marks,
  set,
}: {
  form: SessionForm;
  type: SessionType | null;
  disabled?: boolean;
  /** An id for the custom fields' audience marker. */
  markerId: string;
  marks: Marks;
  set: (patch: Partial<SessionForm>) => void;
}) {
  const mark = markOf(marks);
  if (form.tipo === 'psicoterapia') {
    return (
      <Stack spacing={2}>
        <TextField
          label={F.notes}
          required
          disabled={disabled}
          {...multiline(5)}
          value={form.notas}
          onChange={(e) => set({ notas: e.target.value })}
          {...mark('notas', <AudienceMarker field="notas" />)}
          slotProps={textLimit}
        />
        <TextField
          label={F.topics}
          required
          disabled={disabled}
          {...multiline(2)}
          value={form.temas_importantes}
          onChange={(e) => set({ temas_importantes: e.target.value })}
          {...mark('temas_importantes', <AudienceMarker field="temas_importantes" />)}
          slotProps={textLimit}
        />
      </Stack>
    );
  }
  if (form.tipo === 'psicodelica') {
    return (
      <Stack spacing={2}>
        <TextField
          label={F.intention}
          required
          disabled={disabled}
          {...multiline(2)}
          value={form.intencion}
          onChange={(e) => set({ intencion: e.target.value })}
          {...mark('intencion', <AudienceMarker field="intencion" />)}
          slotProps={textLimit}
        />
        <Box sx={twoColumns}>
          <TextField
            label={F.medicine}
            required
            disabled={disabled}
            value={form.tipo_medicina}
            onChange={(e) => set({ tipo_medicina: e.target.value })}
            {...mark('tipo_medicina', <AudienceMarker field="tipo_medicina" />)}
            slotProps={textLimit}
          />
          <TextField
            label={F.amount}
            disabled={disabled}
            value={form.cantidad}
            onChange={(e) => set({ cantidad: e.target.value })}
            {...mark('cantidad', <AudienceMarker field="cantidad" />)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Box>
        <TextField
          label={F.observations}
          required
          disabled={disabled}
          {...multiline(4)}
          value={form.observaciones}
          onChange={(e) => set({ observaciones: e.target.value })}
          {...mark('observaciones', <AudienceMarker field="observaciones" />)}
          slotProps={textLimit}
        />
      </Stack>
    );
  }
  if (type) {
    if (type.campos.length === 0) return <Typography color="text.secondary">{S.form.noCustomFields}</Typography>;
    return (
      <>
        <Typography
          variant="body2"
          id={markerId}
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.25, mb: 2 }}
        >
          <Box component="span" sx={{ fontWeight: 700 }}>
            {A.customFields}
          </Box>
          <AudienceMarker field="campos_datos" />
        </Typography>
        <Box sx={twoColumns}>
          {type.campos.map((campo) => (
            <Box key={campo.nombre} sx={campo.tipo === 'textarea' ? { gridColumn: '1 / -1' } : undefined}>
              <CustomField
                campo={campo}
                value={form.campos[campo.nombre]}
                disabled={disabled}
                describedBy={markerId}
                marks={marks}
                onChange={(value) => {
                  marks?.clear(customFieldName(campo.nombre));
                  set({ campos: { ...form.campos, [campo.nombre]: value } });
                }}
              />
            </Box>
          ))}
        </Box>
      </>
    );
  }
  return <Typography color="text.secondary">{S.form.chooseType}</Typography>;
}
