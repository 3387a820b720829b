import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import {
  BUILT_IN_SESSION_TYPES,
  NUM_VOCES_OPTIONS,
  SESSION_LIMITS,
  voicesMeaning,
  type SessionFieldDefinition,
  type SessionType,
} from '@consulta/shared';
import { useId, useState, type ReactNode } from 'react';
import type { FieldErrorsApi } from '../../components/forms';
import { useSessionTypes } from '../session-types/sessionTypeQueries';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import { AudienceMarker, type AnalysisPublication } from './AudienceMarker';
import { SessionAnalysisFields } from './SessionAnalysisFields';
import { customFieldName, customTypeOf, type FieldValue, type SessionFieldName, type SessionForm } from './sessionForm';
import { withSegments } from './transcriptEdit';
import { TranscriptTurns } from './TranscriptTurns';
import { DateTimeInput } from '../../components/forms/DateFields';

const S = WORKSPACE_TEXT.sessions;
const F = S.fields;
const A = S.audience;
const NO_TYPES: SessionType[] = [];

/**
 * The therapist's session types, active or not (the form offers the active ones, plus the one a draft or session
 * already has), by name; a failure to load them is toasted once.
 */
export function useFormSessionTypes(): readonly SessionType[] {
  return useSessionTypes({ reportFailure: true }).data ?? NO_TYPES;
}

/** 5 or more voices are the form's '5+' (sent as 32). */
const voicesOption = (n: number) => (n >= 5 ? 32 : n);

/** Two columns when the form is wide enough (by its own width: the panel sits in pages of different widths). */
const twoColumns = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@container (min-width: 520px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
} as const;

/** A refused save's marks on the session form (see components/forms); absent, the fields carry only their help. */
type Marks = FieldErrorsApi<SessionFieldName> | undefined;
const markOf = (marks: Marks) => (name: SessionFieldName, helper?: ReactNode) =>
  marks ? marks.field(name, helper) : { helperText: helper };

/** The fields of the chosen type: a mark there shows their tab. */
const TYPE_FIELDS: readonly string[] = ['notas', 'temas_importantes', 'intencion', 'tipo_medicina', 'cantidad', 'observaciones'];
const marksTypeFields = (errors: object | undefined) =>
  Object.keys(errors ?? {}).some((k) => TYPE_FIELDS.includes(k) || k.startsWith('campos.'));

const multiline = (minRows: number) => ({ multiline: true, minRows, maxRows: 16, fullWidth: true }) as const;
const textLimit = { htmlInput: { maxLength: SESSION_LIMITS.textMax } };

function CustomField({
  campo,
  value,
  disabled,
  describedBy,
  marks,
  onChange,
}: {
  campo: SessionFieldDefinition;
  value: FieldValue | undefined;
  disabled?: boolean;
  /** The id of the custom fields' audience marker. */
  describedBy: string;
  marks: Marks;
  onChange: (value: FieldValue) => void;
}) {
  const id = useId();
  const text = typeof value === 'string' ? value : '';
  const mark = markOf(marks)(customFieldName(campo.nombre));
  const described = { 'aria-describedby': mark.helperText ? `${describedBy} ${id}-helper-text` : describedBy };
  const common = {
    id,
    ...mark,
    label: campo.nombre,
    required: campo.requerido,
    disabled,
    placeholder: campo.placeholder ?? undefined,
    fullWidth: true,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
  switch (campo.tipo) {
    case 'checkbox':
      return (
        <FormControl error={'error' in mark && mark.error} data-field={customFieldName(campo.nombre)}>
          <FormControlLabel
            required={campo.requerido}
            disabled={disabled}
            control={
              <Checkbox
                checked={value === true}
                onChange={(e) => onChange(e.target.checked)}
                slotProps={{ input: { ...described, 'aria-invalid': 'error' in mark && mark.error } }}
              />
            }
            label={campo.nombre}
          />
          {mark.helperText && <FormHelperText id={`${id}-helper-text`}>{mark.helperText}</FormHelperText>}
        </FormControl>
      );
    case 'select':
      return (
        <TextField
          {...common}
          select
          value={campo.opciones.includes(text) ? text : ''}
          slotProps={{ select: { SelectDisplayProps: described } }}
        >
          <MenuItem value="">
            <em>{S.form.notSelected}</em>
          </MenuItem>
          {campo.opciones.map((o) => (
            <MenuItem key={o} value={o}>
              {o}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'number':
      return <TextField {...common} value={text} slotProps={{ htmlInput: { inputMode: 'decimal', ...described } }} />;
    case 'textarea':
      return (
        <TextField
          {...common}
          {...multiline(3)}
          value={text}
          slotProps={{ htmlInput: { maxLength: SESSION_LIMITS.fieldValueMax, ...described } }}
        />
      );
    default:
      return <TextField {...common} value={text} slotProps={{ htmlInput: { maxLength: SESSION_LIMITS.fieldValueMax, ...described } }} />;
  }
}

/** The fields of the chosen type: psychotherapy, psychedelic, or a custom type's own fields. */
function TypeFields({
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

function TabPanel({ id, labelledBy, hidden, children }: { id: string; labelledBy: string; hidden: boolean; children: ReactNode }) {
  return (
    <Box role="tabpanel" id={id} aria-labelledby={labelledBy} hidden={hidden} sx={{ pt: 2.5 }}>
      {!hidden && children}
    </Box>
  );
}

/**
 * The transcript: its turns by speaker once a transcription has some, else a text to type or paste. Shown, not
 * editable, while a job owns it.
 */
export function SessionTranscriptField({
  form,
  onChange,
  jobLocked = false,
  disabled = false,
}: {
  form: SessionForm;
  onChange: (next: SessionForm) => void;
  jobLocked?: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  const set = (patch: Partial<SessionForm>) => onChange({ ...form, ...patch });
  return (
    <>
      <Box sx={{ mb: 1.5 }}>
        <AudienceMarker field="transcripcion" id={`${id}-audience-transcripcion`} />
      </Box>
      {jobLocked && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {WORKSPACE_TEXT.newSession.transcriptLocked}
        </Alert>
      )}
      {form.segments.length > 0 ? (
        <TranscriptTurns
          segments={form.segments}
          numVoces={form.num_voces}
          locked={jobLocked || disabled}
          onChange={(segments) => set(withSegments(segments))}
        />
      ) : (
        <TextField
          label={S.transcript}
          {...multiline(8)}
          disabled={disabled}
          value={form.transcripcion}
          onChange={(e) => set({ transcripcion: e.target.value })}
          placeholder={S.form.transcriptPlaceholder}
          slotProps={{
            input: { readOnly: jobLocked },
            htmlInput: { maxLength: SESSION_LIMITS.longTextMax, 'aria-describedby': `${id}-audience-transcripcion` },
          }}
        />
      )}
    </>
  );
}

/** The edit dialog's tabs: the type's fields, the transcript, the analyses (once there are some). */
type TabId = 'campos' | 'transcripcion' | 'analisis';

/**
 * The session form's fields, shared by the new-session panel and the edit dialog: date, number, type, duration and
 * voices, then the type's own fields. The edit dialog puts those, the transcript and the analyses in tabs; the
 * new-session panel (`contentTabs` false) shows the type's fields alone and the rest after the steps that make them.
 */
export function SessionFormFields({
  form,
  onChange,
  types,
  numberEditable = false,
  nextNumber = null,
  jobLocked = false,
  contentTabs = true,
  disabled = false,
  analysisPublication,
  marks,
}: {
  form: SessionForm;
  onChange: (next: SessionForm) => void;
  types: readonly SessionType[];
  /** The edit dialog corrects the number; a new session shows the one it will get. */
  numberEditable?: boolean;
  nextNumber?: number | null;
  /** A job owns the transcript and the analyses (a draft in progress): shown, not editable. */
  jobLocked?: boolean;
  /** False: only the type's fields after the basics (no transcript and analyses tabs). */
  contentTabs?: boolean;
  disabled?: boolean;
  /** When the patient version of the analysis reaches the patient (a new session publishes it on saving). */
  analysisPublication: AnalysisPublication;
  /** A refused save's marks (useFieldErrors of the form's owner): a changed field loses its mark. */
  marks?: FieldErrorsApi<SessionFieldName>;
}) {
  const id = useId();
  const [tab, setTab] = useState<TabId>('campos');
  // The marks when a tab was last chosen: newer marks on the type's fields show that tab (the field is focused there).
  const [tabChosenWith, setTabChosenWith] = useState(marks?.errors);
  const chooseTab = (next: TabId) => {
    setTab(next);
    setTabChosenWith(marks?.errors);
  };
  const mark = markOf(marks);
  const set = (patch: Partial<SessionForm>) => {
    const changed = Object.keys(patch) as SessionFieldName[];
    if (changed.length > 0) marks?.clear(...changed);
    onChange({ ...form, ...patch });
  };
  const type = customTypeOf(form.tipo, types);
  const choices = types.filter((t) => t.activo || t.id === form.tipo);
  const unknownChoice = form.tipo !== '' && !BUILT_IN_SESSION_TYPES.some((t) => t.value === form.tipo) && !type;
  const hasAnalysis = Boolean(form.analisis_ia.trim() || form.analisis_ia_paciente.trim());
  const shownTab =
    (tab === 'analisis' && !hasAnalysis) || (marks?.errors !== tabChosenWith && marksTypeFields(marks?.errors)) ? 'campos' : tab;
  const tabs: { id: TabId; label: string }[] = [
    { id: 'campos', label: S.form.data },
    { id: 'transcripcion', label: S.transcript },
    ...(hasAnalysis ? [{ id: 'analisis' as const, label: S.blocks.analysis }] : []),
  ];

  return (
    <Box sx={{ containerType: 'inline-size' }}>
      <Box sx={{ ...twoColumns, mb: 2 }}>
        <DateTimeInput
          label={S.form.dateTime}
          required
          disabled={disabled}
          {...mark('fecha')}
          value={form.fecha}
          onChange={(fecha) => set({ fecha })}
        />
        {numberEditable ? (
          <TextField
            label={F.number}
            type="number"
            disabled={disabled}
            {...mark('numero_sesion')}
            value={form.numero_sesion}
            onChange={(e) => set({ numero_sesion: e.target.value })}
            slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
          />
        ) : (
          <TextField
            label={F.number}
            value={nextNumber === null ? '' : String(nextNumber)}
            placeholder={S.form.numberPending}
            helperText={S.form.numberAuto}
            slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
          />
        )}
        <TextField
          select
          label={F.type}
          required
          disabled={disabled}
          sx={{ gridColumn: '1 / -1' }}
          {...mark('tipo')}
          value={form.tipo}
          onChange={(e) => {
            marks?.clear();
            set({ tipo: e.target.value });
            chooseTab('campos');
          }}
        >
          {BUILT_IN_SESSION_TYPES.map((t) => (
            <MenuItem key={t.value} value={t.value}>
              {t.label}
            </MenuItem>
          ))}
          {choices.map((t) => (
            <MenuItem key={t.id} value={t.id}>
              {t.nombre}
              {t.activo ? '' : S.form.inactiveType}
            </MenuItem>
          ))}
          {unknownChoice && (
            <MenuItem value={form.tipo} disabled>
              {S.form.customType}
            </MenuItem>
          )}
        </TextField>
        <TextField
          label={S.form.durationMin}
          type="number"
          disabled={disabled}
          {...mark('duracion_minutos')}
          value={form.duracion_minutos}
          onChange={(e) => set({ duracion_minutos: e.target.value })}
          slotProps={{ htmlInput: { min: 0, max: SESSION_LIMITS.duracionMax, step: 1, inputMode: 'numeric' } }}
        />
        <TextField
          select
          label={F.voices}
          helperText={voicesMeaning(form.num_voces)}
          disabled={disabled}
          value={voicesOption(form.num_voces)}
          onChange={(e) => set({ num_voces: Number(e.target.value) })}
        >
          {NUM_VOCES_OPTIONS.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Typography
        variant="caption"
        component="p"
        color="text.secondary"
        data-testid="audience-basics"
        sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, mt: -0.5, mb: 2 }}
      >
        <VisibilityOutlined aria-hidden sx={{ fontSize: 16, mt: '1px' }} />
        {A.basics}
      </Typography>

      {contentTabs ? (
        <>
          <Tabs
            value={shownTab}
            onChange={(_e, value: TabId) => chooseTab(value)}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label={S.blocks.content}
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            {tabs.map((t) => (
              <Tab key={t.id} value={t.id} label={t.label} id={`${id}-tab-${t.id}`} aria-controls={`${id}-panel-${t.id}`} />
            ))}
          </Tabs>
          <TabPanel id={`${id}-panel-campos`} labelledBy={`${id}-tab-campos`} hidden={shownTab !== 'campos'}>
            <TypeFields form={form} type={type} disabled={disabled} markerId={`${id}-audience-campos`} marks={marks} set={set} />
          </TabPanel>
          <TabPanel id={`${id}-panel-transcripcion`} labelledBy={`${id}-tab-transcripcion`} hidden={shownTab !== 'transcripcion'}>
            <SessionTranscriptField form={form} onChange={onChange} jobLocked={jobLocked} disabled={disabled} />
          </TabPanel>
          {hasAnalysis && (
            <TabPanel id={`${id}-panel-analisis`} labelledBy={`${id}-tab-analisis`} hidden={shownTab !== 'analisis'}>
              <SessionAnalysisFields form={form} locked={jobLocked} disabled={disabled} publication={analysisPublication} set={set} />
            </TabPanel>
          )}
        </>
      ) : (
        <TypeFields form={form} type={type} disabled={disabled} markerId={`${id}-audience-campos`} marks={marks} set={set} />
      )}
    </Box>
  );
}
