type Row = Record<string, unknown>;

/** Fields of the list a client may sort by (ra-data-simple-rest `sort`). */
export const PATIENT_SORT_FIELDS = [
  'id',
  'nombre',
  'apellido',
  'edad',
  'email',
  'fecha_nacimiento',
  'estado_civil',
  'profesion_ocupacion',
  'nivel_escolaridad',
  'tipo_servicio',
  'fecha_creacion',
  'total_sesiones',
  'total_tiempo_minutos',
] as const;
export type PatientSortField = (typeof PATIENT_SORT_FIELDS)[number];

export interface PatientSort {
  field: PatientSortField;
  order: 'ASC' | 'DESC';
}

/** Names sort on their stored folded keys; the other fields on their own column (text in code-point order). */
const ROW_KEY: Partial<Record<PatientSortField, string>> = { nombre: 'nombre_key', apellido: 'apellido_key' };
const TEXT: readonly PatientSortField[] = ['email', 'estado_civil', 'profesion_ocupacion', 'nivel_escolaridad', 'tipo_servicio'];
const SQL_COLUMN: Record<PatientSortField, string> = {
  id: 'p.id',
  nombre: 'p.nombre_key',
  apellido: 'p.apellido_key',
  edad: 'p.edad',
  email: 'u.email',
  fecha_nacimiento: 'p.fecha_nacimiento',
  estado_civil: 'p.estado_civil',
  profesion_ocupacion: 'p.profesion_ocupacion',
  nivel_escolaridad: 'p.nivel_escolaridad',
  tipo_servicio: 'p.tipo_servicio',
  fecha_creacion: 'p.fecha_creacion',
  total_sesiones: 's.total_sesiones',
  total_tiempo_minutos: 's.total_tiempo_minutos',
};

/** The default order: first name, then last name (folded), then id. */
const keysOf = (sort: PatientSort | null): PatientSort[] =>
  sort
    ? [sort]
    : [
        { field: 'nombre', order: 'ASC' },
        { field: 'apellido', order: 'ASC' },
      ];

/**
 * ORDER BY for the database. Text compares in code-point order (`collate "C"`), like JavaScript's `<`, so a page
 * sorted by PostgreSQL and the whole list sorted in memory agree; nulls come last ascending, first descending.
 */
export function orderBySql(sort: PatientSort | null): string {
  const keys = keysOf(sort).map((k) => {
    const column = SQL_COLUMN[k.field];
    const collated = k.field === 'nombre' || k.field === 'apellido' || TEXT.includes(k.field) ? `${column} collate "C"` : column;
    return `${collated} ${k.order === 'ASC' ? 'asc' : 'desc'}`;
  });
  return [...keys, ...(sort?.field === 'id' ? [] : ['p.id asc'])].join(', ');
}

const compareValues = (a: unknown, b: unknown): number => {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1; // null is the largest value, as in PostgreSQL
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : 1;
};

/** The same order as orderBySql(), for rows sorted in memory. */
export function compareRows(sort: PatientSort | null): <T extends object>(a: T, b: T) => number {
  const keys = keysOf(sort).map((k) => ({ column: ROW_KEY[k.field] ?? k.field, sign: k.order === 'ASC' ? 1 : -1 }));
  return (x, y) => {
    const a = x as Row;
    const b = y as Row;
    for (const { column, sign } of keys) {
      const c = compareValues(a[column], b[column]);
      if (c !== 0) return sign * c;
    }
    return compareValues(a.id, b.id);
  };
}
