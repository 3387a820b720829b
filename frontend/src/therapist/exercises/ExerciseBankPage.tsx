import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { MSG, fileTypeLabel, type Exercise, type Module } from '@consulta/shared';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { reportError } from '../../app/core/reportError';
import { CategoryChip, FileTypeChip } from '../../components/exercises/ExerciseChips';
import { SectionPage } from '../../shell/SectionPage';
import { EXERCISE_BANK_TEXT } from '../../i18n/es/exercise-bank';
import { LoadFailed, Loading } from '../../components/LoadStates';
import { BankCard } from './BankCard';
import { BankGrid } from './BankGrid';
import { matchesSearch } from './bankSearch';
import { useBankExercises, useBankModules } from './bankQueries';
import { DeleteBankItemDialog, type BankItem } from './DeleteBankItemDialog';
import { ExerciseDetailDialog } from './ExerciseDetailDialog';
import { ExerciseDialog } from './ExerciseDialog';
import { ModuleDetailDialog } from './ModuleDetailDialog';
import { ModuleDialog } from './ModuleDialog';
import { FilterField } from '../../components/FilterField';

const T = EXERCISE_BANK_TEXT;
type TabId = 'ejercicios' | 'modulos';

type Open = { what: 'create-exercise' | 'create-module' } | { what: 'view' | 'edit' | 'delete'; item: BankItem } | null;

/** Distinct file types of an exercise, once each ('PDF', 'Audio'...). */
const fileTypes = (e: Exercise) => [...new Map(e.archivo_url.map((k) => [fileTypeLabel(k), k])).values()];

/**
 * 'Banco de Ejercicios': search over exercises and modules, a tab for each with its card grid, and the
 * create, edit, detail and delete dialogs.
 */
export function ExerciseBankPage() {
  const [params, setParams] = useSearchParams();
  const tab: TabId = params.get('tab') === 'modulos' ? 'modulos' : 'ejercicios';
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<Open>(null);
  const exercises = useBankExercises();
  const modules = useBankModules();

  useEffect(() => {
    if (exercises.error) reportError(exercises.error, MSG.exercises.listExercisesFailed);
  }, [exercises.error]);
  useEffect(() => {
    if (modules.error) reportError(modules.error, MSG.exercises.listModulesFailed);
  }, [modules.error]);

  const shownExercises = (exercises.data ?? []).filter((e) => matchesSearch(e, query));
  const shownModules = (modules.data ?? []).filter((m) => matchesSearch(m, query));
  const close = () => setOpen(null);
  const searching = query.trim() !== '';

  const exerciseGrid = exercises.data ? (
    <BankGrid
      label={T.tabs.exercises(shownExercises.length)}
      empty={
        shownExercises.length > 0
          ? null
          : searching
            ? { title: T.empty.noMatch(query.trim()) }
            : { title: T.empty.exercises, hint: T.empty.exercisesHint }
      }
    >
      {shownExercises.map((e) => (
        <BankCard
          key={e.id}
          title={e.titulo}
          description={e.descripcion}
          chips={
            <>
              <CategoryChip categoria={e.categoria} />
              {fileTypes(e).map((k) => (
                <FileTypeChip key={k} fileName={k} />
              ))}
            </>
          }
          footer={`${T.card.patients(e.pacientes_asignados)} · ${T.card.inModules(e.modulos_count)}${e.archivo_url.length === 0 ? ` · ${T.card.noFiles}` : ''}`}
          onView={() => setOpen({ what: 'view', item: { kind: 'exercise', value: e } })}
          onEdit={() => setOpen({ what: 'edit', item: { kind: 'exercise', value: e } })}
          onDelete={() => setOpen({ what: 'delete', item: { kind: 'exercise', value: e } })}
        />
      ))}
    </BankGrid>
  ) : exercises.isPending ? (
    <Loading text={T.loading} />
  ) : (
    <LoadFailed text={MSG.exercises.listExercisesFailed} onRetry={() => void exercises.refetch()} />
  );

  const moduleGrid = modules.data ? (
    <BankGrid
      label={T.tabs.modules(shownModules.length)}
      empty={
        shownModules.length > 0
          ? null
          : searching
            ? { title: T.empty.noMatch(query.trim()) }
            : { title: T.empty.modules, hint: T.empty.modulesHint }
      }
    >
      {shownModules.map((m) => (
        <BankCard
          key={m.id}
          title={m.titulo}
          description={m.descripcion}
          footer={`${T.card.exercises(m.ejercicios_count)} · ${T.card.patients(m.pacientes_asignados)}`}
          onView={() => setOpen({ what: 'view', item: { kind: 'module', value: m } })}
          onEdit={() => setOpen({ what: 'edit', item: { kind: 'module', value: m } })}
          onDelete={() => setOpen({ what: 'delete', item: { kind: 'module', value: m } })}
        />
      ))}
    </BankGrid>
  ) : modules.isPending ? (
    <Loading text={T.loading} />
  ) : (
    <LoadFailed text={MSG.exercises.listModulesFailed} onRetry={() => void modules.refetch()} />
  );

  const item = open && 'item' in open ? open.item : null;
  const editExercise = open?.what === 'edit' && item?.kind === 'exercise' ? (item.value as Exercise) : null;
  const editModule = open?.what === 'edit' && item?.kind === 'module' ? (item.value as Module) : null;

  return (
    <SectionPage title={T.title}>
      <Typography color="text.secondary" sx={{ mt: -1.5, mb: 2.5 }}>
        {T.intro}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' }, mb: 1 }}>
        <FilterField
          type="search"
          label={T.search}
          placeholder={T.searchPlaceholder}
          value={query}
          onChange={setQuery}
          sx={{ flex: 1, maxWidth: { md: 480 } }}
        />
        <Box sx={{ flex: 1 }} />
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          sx={{ minHeight: 44 }}
          onClick={() => setOpen({ what: tab === 'ejercicios' ? 'create-exercise' : 'create-module' })}
        >
          {tab === 'ejercicios' ? T.createExercise : T.createModule}
        </Button>
      </Stack>
      <Tabs
        value={tab}
        onChange={(_, next: TabId) => setParams(next === 'modulos' ? { tab: 'modulos' } : {}, { replace: true })}
        aria-label={T.tabs.label}
        variant="fullWidth"
        sx={{ mb: 2.5, borderBottom: 1, borderColor: 'divider', maxWidth: { md: 480 } }}
      >
        <Tab
          value="ejercicios"
          id="bank-tab-ejercicios"
          aria-controls="bank-panel"
          label={T.tabs.exercises(shownExercises.length)}
          sx={{ minHeight: 48 }}
        />
        <Tab
          value="modulos"
          id="bank-tab-modulos"
          aria-controls="bank-panel"
          label={T.tabs.modules(shownModules.length)}
          sx={{ minHeight: 48 }}
        />
      </Tabs>
      <Box role="tabpanel" id="bank-panel" aria-labelledby={`bank-tab-${tab}`}>
        {tab === 'ejercicios' ? exerciseGrid : moduleGrid}
      </Box>

      <ExerciseDialog
        open={open?.what === 'create-exercise' || Boolean(editExercise)}
        exercise={editExercise}
        onClose={close}
        onSaved={close}
      />
      <ModuleDialog open={open?.what === 'create-module' || Boolean(editModule)} module={editModule} onClose={close} onSaved={close} />
      {open?.what === 'view' && item?.kind === 'exercise' && (
        <ExerciseDetailDialog exercise={item.value} onClose={close} onEdit={() => setOpen({ what: 'edit', item })} />
      )}
      {open?.what === 'view' && item?.kind === 'module' && (
        <ModuleDetailDialog module={item.value} onClose={close} onEdit={() => setOpen({ what: 'edit', item })} />
      )}
      <DeleteBankItemDialog item={open?.what === 'delete' ? item : null} onDone={close} />
    </SectionPage>
  );
}
