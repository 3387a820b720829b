import Alert from '@mui/material/Alert';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { MSG, type AssignedExercise } from '@consulta/shared';
import { LoadingSpinner } from '../../components/LoadStates';
import { AssignedExerciseDialog } from '../../components/exercises/AssignedExerciseDialog';
import { ExerciseProgressView } from '../../components/exercises/ExerciseProgressView';
import { SectionPage } from '../../shell/SectionPage';
import { reportFileOpenFailed, useFileUrl } from '../../shell/upload/storageQueries';
import { PATIENT_EXERCISES_TEXT as T } from '../../i18n/es/patient-exercises';
import { CompletionBlock } from './CompletionBlock';
import { ExerciseList, type ExerciseItemActions } from './ExerciseList';
import { ModuleCards } from './ModuleCards';
import { ModuleDialog } from './ModuleDialog';
import { exerciseNews } from './exerciseNews';
import { useExercisesLook, useMyExercises, useMyModules, useMyProgress } from './patientExerciseQueries';
import { useMySessions } from '../patientQueries';
import { useCompletion } from './useCompletion';
import { useModuleLoader } from './useModuleLoader';

type PageTab = 'exercises' | 'modules' | 'progress';

const LoadFailed = ({ text }: { text: string }) => (
  <Alert severity="error" variant="filled">
    {text}
  </Alert>
);

/**
 * /dashboard/paciente/ejercicios ('Ejercicios Sugeridos', as its menu entry): the patient's exercises, modules and
 * progress; what came since their last look (kept on the server, so any device agrees) is marked 'Nuevo'.
 */
export function PatientExercisesPage() {
  const fileUrl = useFileUrl();
  const unified = useMyExercises();
  const modules = useMyModules();
  const progress = useMyProgress();
  const [tab, setTab] = useState<PageTab>('exercises');
  const [openExerciseId, setOpenExerciseId] = useState<string | null>(null);
  const [openModuleId, setOpenModuleId] = useState<string | null>(null);
  const moduleExercises = useModuleLoader(openModuleId);
  const { setCompletion, isBusy } = useCompletion(unified.data?.paciente_id);
  const look = useExercisesLook();
  const sessions = useMySessions();

  const exercises = unified.data?.ejercicios ?? [];
  const moduleList = modules.data ?? [];
  // The open detail reads the caches, so a change shows in it at once.
  const openExercise =
    exercises.find((e) => e.id === openExerciseId) ?? moduleExercises.exercises?.find((e) => e.id === openExerciseId) ?? null;
  const openModule = moduleList.find((m) => m.id === openModuleId) ?? null;
  // A failed progress fetch is only logged: the list's answer carries the progress too.
  const shownProgress = progress.data ?? unified.data;

  const showModule = (moduleId: string) => {
    setTab('modules');
    setOpenModuleId(moduleId);
  };
  // Until the look answers, nothing is marked (a failed look marks nothing: the list is what matters).
  const seen = look.data;
  const newsOf = seen ? (exercise: AssignedExercise) => exerciseNews(exercise, seen.visto_antes, sessions.data ?? []) : undefined;
  const newCount = newsOf ? exercises.filter((e) => newsOf(e)).length : 0;
  const actions: ExerciseItemActions = {
    isBusy,
    onToggle: (exercise: AssignedExercise, done: boolean) => void setCompletion({ exercise, done }),
    onOpen: (exercise) => setOpenExerciseId(exercise.id),
  };

  return (
    <SectionPage title={T.title}>
      <Typography color="text.secondary" sx={{ mt: -1.5, mb: 2 }}>
        {T.intro}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, value: PageTab) => setTab(value)}
        variant="fullWidth"
        sx={{
          mb: 2.5,
          maxWidth: 560,
          borderBottom: 1,
          borderColor: 'divider',
          '& .MuiTab-root': { minHeight: 48, minWidth: 0, px: 1, textTransform: 'none' },
        }}
      >
        <Tab value="exercises" label={T.tabs.exercises(exercises.length)} />
        <Tab value="modules" label={T.tabs.modules(moduleList.length)} />
        <Tab value="progress" label={T.tabs.progress} />
      </Tabs>

      {tab === 'exercises' &&
        (unified.isPending ? (
          <LoadingSpinner label={T.loading} />
        ) : unified.isError ? (
          <LoadFailed text={MSG.exercises.patientLoadFailed} />
        ) : (
          <>
            {newCount > 0 && (
              <Typography variant="body2" sx={{ mb: 1.5, fontWeight: 600, color: 'primary.dark' }} data-testid="exercises-new-count">
                {T.newCount(newCount)}
              </Typography>
            )}
            <ExerciseList exercises={exercises} actions={{ ...actions, onModuleClick: showModule, newsOf }} />
          </>
        ))}

      {tab === 'modules' &&
        (modules.isPending ? (
          <LoadingSpinner label={T.loadingModules} />
        ) : modules.isError ? (
          <LoadFailed text={MSG.exercises.patientModulesLoadFailed} />
        ) : (
          <ModuleCards modules={moduleList} onOpen={setOpenModuleId} />
        ))}

      {tab === 'progress' &&
        (shownProgress ? (
          <ExerciseProgressView progress={shownProgress} />
        ) : unified.isPending || progress.isPending ? (
          <LoadingSpinner label={T.loading} />
        ) : (
          <LoadFailed text={MSG.exercises.patientLoadFailed} />
        ))}

      <ModuleDialog module={openModule} state={moduleExercises} actions={actions} onClose={() => setOpenModuleId(null)} />
      <AssignedExerciseDialog
        exercise={openExercise}
        fileUrl={fileUrl}
        onFileOpenFailed={reportFileOpenFailed}
        onClose={() => setOpenExerciseId(null)}
        categoryTitle={T.detail.category}
        status={(exercise) => (
          <CompletionBlock
            key={`${exercise.id}-${exercise.completado}`}
            exercise={exercise}
            busy={isBusy(exercise.id)}
            onComplete={(notes) => void setCompletion({ exercise, done: true, notes })}
            onUncomplete={() => void setCompletion({ exercise, done: false })}
          />
        )}
        instructions={{ title: T.detail.instructionsTitle, text: T.detail.instructions }}
      />
    </SectionPage>
  );
}
