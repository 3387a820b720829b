import { API_PREFIX } from '@consulta/shared';
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, fetchUtils } from 'ra-core';
import { storageCalls, type StorageCalls } from '../../shell/upload/calls';
import { exportDownloadCalls, type ExportDownloadCalls } from '../../shell/exports/calls';
import { patientAreaCalls, type PatientAreaCalls } from '../../patient/calls';
import { myExerciseCalls, type MyExerciseCalls } from '../../patient/exercises/calls';
import { myAppointmentCalls, type MyAppointmentCalls } from '../../patient/appointments/calls';
import { accessHistoryCalls, type AccessHistoryCalls } from '../../therapist/access-history/calls';
import { agendaCalls, type AgendaCalls } from '../../therapist/agenda/calls';
import { questionnaireCalls, type QuestionnaireCalls } from '../../therapist/questionnaires/calls';
import { myQuestionnaireCalls, type MyQuestionnaireCalls } from '../../patient/questionnaires/calls';
import { assistantCalls, type AssistantCalls } from '../../therapist/ai/calls';
import { consentCalls, type ConsentCalls } from '../../therapist/consents/calls';
import { bankCalls, type BankCalls } from '../../therapist/exercises/calls';
import { patientExportCalls, type PatientExportCalls } from '../../therapist/exports/calls';
import { patientExerciseCalls, type PatientExerciseCalls } from '../../therapist/patient-exercises/calls';
import { patientCalls, type PatientCalls } from '../../therapist/patients/calls';
import { therapistProfileCalls, type TherapistProfileCalls } from '../../therapist/profile/calls';
import { searchCalls, type SearchCalls } from '../../therapist/search/calls';
import { sessionCalls, type SessionCalls } from '../../therapist/sessions/calls';
import { draftCalls, type SessionDraftCalls } from '../../therapist/sessions/new-session/calls';
import { http, apiRequest } from '../core/http';
import { OWNED_RESOURCES, ownedResourceMethods } from './ownedResources';

/**
 * react-admin's HTTP client, on top of the app's one fetch wrapper: same JSON content type, bearer
 * token, session-expiry handling and error messages as every other call.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  // ra-data-simple-rest marks its DELETE as text/plain; every call of the app is JSON.
  const requestHeaders = new Headers(options.headers);
  requestHeaders.delete('Content-Type');
  const { status, headers, body, json } = await apiRequest(url, {
    method: options.method,
    body: options.body,
    headers: requestHeaders,
    signal: options.signal,
  });
  return { status, headers, body, json };
}

const rest = simpleRestProvider(API_PREFIX, httpClient);

/** Owned resources (see ownedResources.ts) use their own methods; the rest speak ra-data-simple-rest. */
const routed = Object.fromEntries(
  (Object.keys(ownedResourceMethods) as (keyof typeof ownedResourceMethods)[]).map((method) => [
    method,
    (resource: string, params: unknown) => {
      const target = (resource in OWNED_RESOURCES ? ownedResourceMethods : rest)[method] as (r: string, p: unknown) => Promise<unknown>;
      return target(resource, params);
    },
  ]),
) as Pick<DataProvider, keyof typeof ownedResourceMethods>;

/** react-admin's CRUD, plus the whole collection as the spec's clients read it. */
const base = {
  ...rest,
  ...routed,
  /** GET /{resource}/ answers an array. */
  getAll: async <T>(resource: string): Promise<T[]> => {
    const list = await http.get<T[]>(`/${resource}/`);
    return Array.isArray(list) ? list : [];
  },
};

/**
 * The app's one data provider: the CRUD base and every feature's named calls (each feature's `calls.ts`), read
 * in screens through that feature's react-query hooks.
 */
export type ConsultaDataProvider = typeof base &
  PatientCalls &
  AccessHistoryCalls &
  SessionCalls &
  SearchCalls &
  SessionDraftCalls &
  StorageCalls &
  BankCalls &
  PatientExerciseCalls &
  AssistantCalls &
  ConsentCalls &
  PatientExportCalls &
  ExportDownloadCalls &
  TherapistProfileCalls &
  PatientAreaCalls &
  MyExerciseCalls &
  AgendaCalls &
  MyAppointmentCalls &
  QuestionnaireCalls &
  MyQuestionnaireCalls;

export const dataProvider: ConsultaDataProvider = {
  ...base,
  ...patientCalls(http),
  ...accessHistoryCalls(http),
  ...sessionCalls(http),
  ...searchCalls(http),
  ...draftCalls(http),
  ...storageCalls(http),
  ...bankCalls(http),
  ...patientExerciseCalls(http),
  ...assistantCalls(http),
  ...consentCalls(http),
  ...patientExportCalls(http),
  ...exportDownloadCalls(http),
  ...therapistProfileCalls(http),
  ...patientAreaCalls(http),
  ...myExerciseCalls(http),
  ...agendaCalls(http),
  ...myAppointmentCalls(http),
  ...questionnaireCalls(http),
  ...myQuestionnaireCalls(http),
};
