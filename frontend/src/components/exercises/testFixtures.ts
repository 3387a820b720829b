import type { AssignedExercise } from '@consulta/shared';

/** An assigned exercise for component tests, pending and individual unless told otherwise. */
export function assignedExercise(overrides: Partial<AssignedExercise> = {}): AssignedExercise {
  return {
    id: 'e1',
    titulo: 'Respiración diafragmática',
    descripcion: 'Respira despacio durante cinco minutos',
    categoria: 'Ansiedad',
    archivo_url: 'ejercicios/u1/guia.pdf',
    archivo_ids: ['ejercicios/u1/guia.pdf'],
    archivo_id: 'ejercicios/u1/guia.pdf',
    archivo_nombre: 'guia.pdf',
    asignado_en: '2026-11-20T10:00:00.000Z',
    fecha_creacion: '2026-11-01T10:00:00.000Z',
    completado: false,
    fecha_completado: null,
    notas_paciente: null,
    source: 'individual',
    moduleName: null,
    moduleId: null,
    individual: true,
    modulos: [],
    retirado: false,
    ...overrides,
  };
}
