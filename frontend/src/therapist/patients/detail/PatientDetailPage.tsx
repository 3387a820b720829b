import Box from '@mui/material/Box';
import { MSG } from '@consulta/shared';
import { useEffect } from 'react';
import { useCreatePath, useResourceContext } from 'react-admin';
import { Navigate, Route, Routes, useParams, useSearchParams } from 'react-router';
import { reportError } from '../../../app/core/reportError';
import { fullName } from '../patientFormat';
import { isMissingPatient, usePatientDetail } from '../patientQueries';
import { BackToPatients, PatientLoadFailed, PatientLoading, PatientNotFound } from './PatientDetailStates';
import { PatientHeader } from './PatientHeader';
import { PatientTabsNav } from './PatientTabsNav';
import { DEFAULT_PATIENT_TAB, PATIENT_TABS, tabOfId, tabOfSegment, tabUrl } from './tabs';
import { usePageTitle } from '../../../components/usePageTitle';

/**
 * /dashboard/terapeuta/pacientes/{id}[/{tab}]: the patient's header, the side menu of sections and the
 * section of the URL (a nested route per tab).
 */
export function PatientDetailPage() {
  const { id = '', '*': rest = '' } = useParams();
  const [params] = useSearchParams();
  const resource = useResourceContext() ?? 'pacientes';
  const createPath = useCreatePath();
  const listUrl = createPath({ resource, type: 'list' });
  const patientUrl = createPath({ resource, type: 'edit', id });
  const { data: patient, isPending, error, refetch } = usePatientDetail(id);
  const missing = Boolean(error) && isMissingPatient(error);

  useEffect(() => {
    if (error && !isMissingPatient(error)) reportError(error, MSG.sessions.loadPatientFailed);
  }, [error]);

  usePageTitle(patient ? fullName(patient) : null);

  // Older links named the tab in the query: ?tab=sessions → /pacientes/{id}/sesiones.
  const legacyTab = tabOfId(params.get('tab'));
  if (legacyTab) return <Navigate to={tabUrl(patientUrl, legacyTab)} replace />;

  const active = tabOfSegment(rest.split('/')[0]) ?? DEFAULT_PATIENT_TAB;
  const body = patient ? (
    <>
      <PatientHeader patient={patient} backTo={listUrl} />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '240px minmax(0, 1fr)' },
          gap: { xs: 1.5, sm: 2.5 },
          alignItems: 'start',
        }}
      >
        <PatientTabsNav patientUrl={patientUrl} active={active} />
        <Box sx={{ minWidth: 0 }} data-testid="patient-tab">
          <Routes>
            {PATIENT_TABS.map((tab) => {
              const element = <tab.component patient={patient} tab={tab} />;
              return tab.path ? (
                <Route key={tab.id} path={`${tab.path}/*`} element={element} />
              ) : (
                <Route key={tab.id} index element={element} />
              );
            })}
            <Route path="*" element={<Navigate to={patientUrl} replace />} />
          </Routes>
        </Box>
      </Box>
    </>
  ) : isPending ? (
    <PatientLoading />
  ) : missing || !error ? (
    <PatientNotFound listUrl={listUrl} />
  ) : (
    <PatientLoadFailed onRetry={() => void refetch()} />
  );

  return (
    <Box>
      <BackToPatients to={listUrl} inHeaderOnPhone={Boolean(patient)} />
      {body}
    </Box>
  );
}
