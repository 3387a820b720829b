import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { BUILT_IN_SESSION_TYPES, NUM_VOCES_OPTIONS, SESSION_LIMITS, voicesMeaning, type SessionType } from '@consulta/shared';
import { useId, useState, type ReactNode } from 'react';
import type { FieldErrorsApi } from '../../components/forms';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import type { AnalysisPublication } from './AudienceMarker';
import { SessionAnalysisFields } from './SessionAnalysisFields';
import { markOf, twoColumns } from './sessionFieldParts';
import { customTypeOf, type SessionFieldName, type SessionForm } from './sessionForm';
import { SessionTranscriptField } from './SessionTranscriptField';
import { TypeFields } from './TypeFields';
import { DateTimeInput } from '../../components/forms/DateFields';

const S = WORKSPACE_TEXT.sessions;
const F = S.fields;
const A = S.audience;

/** 5 or more voices are the form's '5+' (sent as 32). */
const voicesOption = (n: number) => (n >= 5 ? 32 : n);

/** The fields of the chosen type: a mark there shows their tab. */
const TYPE_FIELDS: readonly string[] = ['notas', 'temas_importantes', 'intencion', 'tipo_medicina', 'cantidad', 'observaciones'];
const marksTypeFields = (errors: object | undefined) =>
  Object.keys(errors ?? {}).some((k) => TYPE_FIELDS.includes(k) || k.startsWith('campos.'));

function TabPanel({ id, labelledBy, hidden, children }: { id: string; labelledBy: string; hidden: boolean; children: ReactNode }) {
  return (
    <Box role="tabpanel" id={id} aria-labelledby={labelledBy} hidden={hidden} sx={{ pt: 2.5 }}>
      {!hidden && children}
    </Box>
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
