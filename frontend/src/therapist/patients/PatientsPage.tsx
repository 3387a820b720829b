import ClearIcon from '@mui/icons-material/Clear';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import SearchIcon from '@mui/icons-material/Search';
import SendOutlined from '@mui/icons-material/SendOutlined';
import TableRowsOutlined from '@mui/icons-material/TableRowsOutlined';
import ViewModuleOutlined from '@mui/icons-material/ViewModuleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { CREATE_PATIENT_TOAST_MS, DELETE_PATIENT_TOAST_MS, type InitialConsent, type PatientListItem } from '@consulta/shared';
import { useRefresh, useStore } from 'ra-core';
import { useDeferredValue, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../app/auth/AuthContext';
import { reportError } from '../../app/core/reportError';
import { THERAPIST_BASE } from '../../app/routesConfig';
import { toastError, toastSuccess } from '../../components/toast/toastStore';
import { PATIENTS_TEXT as T } from '../../i18n/es/patients';
import { CreatePatientDialog } from './CreatePatientDialog';
import { InvitePatientDialog } from './InvitePatientDialog';
import { CredentialsDialog, type CreatedCredentials } from './CredentialsDialog';
import { DeletePatientDialog } from './DeletePatientDialog';
import { PatientCard } from './PatientCard';
import { PatientTable } from './PatientTable';
import {
  buildCreatePatientPayload,
  type CreatePatientErrors,
  type CreatePatientForm,
} from '../../components/patient-profile/patientProfileForm';
import { createPatientErrorToast, createPatientFieldErrors, deletePatientErrorMessage } from './patientErrors';
import { fullName, matchesSearch } from './patientFormat';
import { useCreatePatient, useDeletePatient, usePatients } from './patientQueries';
import { usePageTitle } from '../../components/usePageTitle';
import { MessageCard } from '../../components/MessageCard';
import { TodayAppointments } from '../agenda/TodayAppointments';
import { usePracticeDialCode } from '../profile/profileQueries';

type View = 'cards' | 'table';

function EmptyState({ text, action }: { text: string; action?: React.ReactNode }) {
  return (
    <MessageCard icon={<GroupOutlined />} text={text} textTestId="patients-empty">
      {action}
    </MessageCard>
  );
}

/** Mis pacientes: card grid or table, search, create, credentials and delete. */
export function PatientsPage() {
  // Phones of new patients and invitations start with the practice's dial code.
  const dialCode = usePracticeDialCode();
  const navigate = useNavigate();
  const refresh = useRefresh();
  const { user } = useAuth();
  const isPhone = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const [view, setView] = useStore<View>('pacientes.view', 'cards');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const list = usePatients({ reportFailure: true });
  const patients = useMemo(() => list.data ?? [], [list.data]);
  const loading = list.isPending;
  const createPatient = useCreatePatient();
  const deletePatient = useDeletePatient();

  const [createOpen, setCreateOpen] = useState(false);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [credentials, setCredentials] = useState<CreatedCredentials | null>(null);
  const [toDelete, setToDelete] = useState<PatientListItem | null>(null);

  usePageTitle(T.title);

  const visible = useMemo(() => patients.filter((p) => matchesSearch(p, deferredSearch)), [patients, deferredSearch]);
  const open = (p: PatientListItem) => navigate(`${THERAPIST_BASE}/pacientes/${p.id}`);

  async function create(form: CreatePatientForm, consentimientos: InitialConsent[]): Promise<CreatePatientErrors | void> {
    if (!user?.id || user.role !== 'terapeuta') {
      toastError(T.create.notTherapistTitle, T.create.notTherapist);
      return;
    }
    try {
      const payload = { ...buildCreatePatientPayload(form), consentimientos };
      const answer = await createPatient.mutateAsync(payload);
      if (!answer || !answer.patient_id) throw new Error(T.create.unexpectedAnswer);
      const name = `${payload.nombre} ${payload.apellido}`;
      toastSuccess(T.create.done, T.create.doneText(name), CREATE_PATIENT_TOAST_MS);
      setCreateOpen(false);
      setCredentials({
        patientId: answer.patient_id,
        name,
        email: answer.email || payload.email,
        temporary_password: answer.temporary_password,
      });
    } catch (error) {
      // A field the server refused is marked in the form; anything else is said in a toast.
      const refused = createPatientFieldErrors(error);
      if (Object.keys(refused).length > 0) return refused;
      reportError(error, createPatientErrorToast(error));
    }
  }

  function acknowledgeCredentials() {
    setCredentials(null);
    // react-admin's refresh reads every query again: the table's and this list.
    refresh();
  }

  function openCreatedRecord(patientId: string) {
    setCredentials(null);
    refresh();
    navigate(`${THERAPIST_BASE}/pacientes/${patientId}`);
  }

  async function confirmDelete() {
    if (!toDelete) return;
    const target = toDelete;
    try {
      await deletePatient.mutateAsync(target);
      refresh();
      toastSuccess(T.delete.done, T.delete.doneText(fullName(target)), DELETE_PATIENT_TOAST_MS);
    } catch (error) {
      reportError(error, { title: T.delete.failed, description: deletePatientErrorMessage(error) }, DELETE_PATIENT_TOAST_MS);
    } finally {
      setToDelete(null);
    }
  }

  const newButton = (
    <Button
      variant="contained"
      size={isPhone ? 'small' : 'medium'}
      startIcon={<PersonAddAlt1Outlined />}
      onClick={() => setCreateOpen(true)}
      sx={{ whiteSpace: 'nowrap', px: { xs: 1.25, sm: 2.25 }, py: { xs: 0.9, sm: 0.75 } }}
    >
      {T.newPatient}
    </Button>
  );

  let content: React.ReactNode;
  if (view === 'table') {
    content = <PatientTable search={deferredSearch} onDelete={setToDelete} />;
  } else if (loading) {
    content = (
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', justifyContent: 'center', py: 8, color: 'text.secondary' }}
        role="status"
      >
        <CircularProgress size={22} />
        <Typography>{T.loading}</Typography>
      </Stack>
    );
  } else if (patients.length === 0) {
    content = <EmptyState text={T.empty} action={newButton} />;
  } else if (visible.length === 0) {
    content = <EmptyState text={T.noMatch(deferredSearch.trim())} />;
  } else {
    content = (
      <Box
        data-testid="patient-grid"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))', gap: 2.5 }}
      >
        {visible.map((p) => (
          <PatientCard key={p.id} patient={p} onOpen={() => open(p)} onDelete={() => setToDelete(p)} />
        ))}
      </Box>
    );
  }

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-end' }, mb: 2.5 }}
      >
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {T.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {loading && view === 'cards' ? T.subtitle : view === 'cards' ? T.total(patients.length) : T.subtitle}
          </Typography>
        </Box>
        <Stack
          direction="row"
          spacing={1.25}
          sx={{ justifyContent: { xs: 'stretch', sm: 'flex-end' }, '& > *': { flex: { xs: 1, sm: 'none' } } }}
        >
          <Button
            variant="outlined"
            size={isPhone ? 'small' : 'medium'}
            startIcon={<SendOutlined />}
            onClick={() => setInviteOpen(true)}
            sx={{ whiteSpace: 'nowrap', px: { xs: 1.25, sm: 2.25 }, py: { xs: 0.9, sm: 0.75 } }}
          >
            {T.invite}
          </Button>
          {newButton}
        </Stack>
      </Stack>

      <TodayAppointments />

      <Stack direction="row" spacing={1.5} sx={{ mb: 2.5, alignItems: 'center' }}>
        <TextField
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={isPhone ? T.searchPlaceholderPhone : T.searchPlaceholder}
          size="small"
          sx={{ flex: 1, maxWidth: { sm: 420 } }}
          slotProps={{
            htmlInput: { 'aria-label': T.searchLabel },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: search ? (
                <InputAdornment position="end">
                  <IconButton size="small" aria-label={T.clearSearch} onClick={() => setSearch('')} edge="end">
                    <ClearIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
        <Box sx={{ flex: { xs: 0, sm: 1 } }} />
        <ToggleButtonGroup
          value={view}
          exclusive
          size="small"
          onChange={(_e, value: View | null) => value && setView(value)}
          aria-label={T.viewLabel}
          sx={{ bgcolor: '#fff' }}
        >
          <ToggleButton value="cards" aria-label={T.cards} sx={{ px: 1.5, gap: 0.75 }}>
            <ViewModuleOutlined fontSize="small" />
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {T.cards}
            </Box>
          </ToggleButton>
          <ToggleButton value="table" aria-label={T.tableView} sx={{ px: 1.5, gap: 0.75 }}>
            <TableRowsOutlined fontSize="small" />
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {T.tableView}
            </Box>
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>

      {content}

      <CreatePatientDialog
        open={createOpen}
        submitting={createPatient.isPending}
        dialCode={dialCode}
        onCancel={() => setCreateOpen(false)}
        onSubmit={create}
      />
      <InvitePatientDialog open={inviteOpen} dialCode={dialCode} onClose={() => setInviteOpen(false)} />
      <CredentialsDialog credentials={credentials} onAcknowledge={acknowledgeCredentials} onOpenRecord={openCreatedRecord} />
      <DeletePatientDialog
        open={Boolean(toDelete)}
        name={toDelete ? fullName(toDelete) : ''}
        deleting={deletePatient.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
    </Box>
  );
}
