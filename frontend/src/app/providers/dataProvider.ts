import { API_PREFIX } from '@consulta/shared';
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, fetchUtils } from 'ra-core';
import { api, apiRequest } from '../core/http';
import { OWNED_RESOURCES, ownedResourceMethods } from './ownedResources';

/**
 * react-admin's HTTP client, on top of the app's one fetch wrapper: same JSON content type, bearer
 * token, session-expiry handling and error messages as every other call.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  // ra-data-simple-rest marks its DELETE as text/plain; every call of the app is JSON (spec 1 §7).
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

export interface ConsultaDataProvider extends DataProvider {
  /** The whole collection as the spec's clients read it: GET /{resource}/ answers an array. */
  getAll: <T>(resource: string) => Promise<T[]>;
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

export const dataProvider: ConsultaDataProvider = {
  ...rest,
  ...routed,
  getAll: async <T,>(resource: string) => {
    const list = await api.get<T[]>(`/${resource}/`);
    return Array.isArray(list) ? list : [];
  },
};
