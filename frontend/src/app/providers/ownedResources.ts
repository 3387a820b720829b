import type { DataProvider, RaRecord } from 'ra-core';
import { api } from '../core/http';
import { getStoredUser } from '../core/session';

/**
 * Resources the spec's API scopes with the owner's id in the query (`/tipos-sesion/?terapeuta_id=…`): the
 * collection comes whole as an array, so react-admin's sort, filter and pages are applied here.
 */
export const OWNED_RESOURCES: Record<string, { ownerParam: string }> = {
  'tipos-sesion': { ownerParam: 'terapeuta_id' },
};

const owner = (resource: string): string => `${OWNED_RESOURCES[resource].ownerParam}=${encodeURIComponent(getStoredUser()?.id ?? '')}`;
const url = (resource: string, id?: RaRecord['id'], extra = '') =>
  `/${resource}/${id === undefined ? '' : encodeURIComponent(String(id))}?${owner(resource)}${extra}`;

const compare = (field: string, order: string) => (a: RaRecord, b: RaRecord) => {
  const x = a[field];
  const y = b[field];
  const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x ?? '').localeCompare(String(y ?? ''), 'es');
  return order === 'DESC' ? -c : c;
};

/** The DataProvider methods for the owned resources. */
export const ownedResourceMethods: Pick<DataProvider, 'getList' | 'getOne' | 'getMany' | 'create' | 'update' | 'delete'> = {
  getList: async (resource, { sort, pagination, filter = {} }) => {
    const active = filter.activo === undefined ? '' : `&activo=${filter.activo ? 'true' : 'false'}`;
    let rows = await api.get<RaRecord[]>(url(resource, undefined, active));
    const q = typeof filter.q === 'string' ? filter.q.trim().toLocaleLowerCase('es') : '';
    if (q)
      rows = rows.filter((r) =>
        String(r.nombre ?? '')
          .toLocaleLowerCase('es')
          .includes(q),
      );
    if (sort?.field) rows = [...rows].sort(compare(sort.field, sort.order));
    const total = rows.length;
    if (pagination) rows = rows.slice((pagination.page - 1) * pagination.perPage, pagination.page * pagination.perPage);
    return { data: rows as never[], total };
  },
  getOne: async (resource, { id }) => ({ data: (await api.get(url(resource, id))) as never }),
  getMany: async (resource, { ids }) => ({ data: (await Promise.all(ids.map((id) => api.get(url(resource, id))))) as never[] }),
  create: async (resource, { data }) => ({ data: (await api.post(url(resource), data)) as never }),
  update: async (resource, { id, data }) => ({ data: (await api.put(url(resource, id), data)) as never }),
  delete: async (resource, { id }) => ({ data: (await api.delete(url(resource, id))) as never }),
};
