import { EXPORT_TTL_DAYS, type ExportScope } from '@consulta/shared';
import { safeFileName } from '../storage/file-keys';
import type { ExportFile } from '../storage/stored-files.service';

/**
 * The layout of an export's archive (pure, no Nest): folder and file names, the JSON style and the LEEME.txt
 * that explains them. Names are Spanish, readable and unique within the archive.
 */

/** A file copied into the archive: where it came from, where it is in the archive and its size. */
export interface ExportedFile extends ExportFile {
  ruta: string;
  tamano_bytes: number;
}

/** Documents are indented JSON: a person opens them in any editor. */
export const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

const FILE_FOLDERS: Record<ExportFile['origen'], string> = {
  sesion: 'archivos/sesiones',
  borrador: 'archivos/borradores',
  perfil: 'archivos/perfil',
  ejercicio: 'archivos/ejercicios',
};

/** `name`, or `name (2)`, `name (3)`… before its extension, whichever `taken` does not hold yet (then it does). */
export function uniquePath(path: string, taken: Set<string>): string {
  let candidate = path;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
    const dot = path.lastIndexOf('.');
    const slash = path.lastIndexOf('/');
    candidate = dot > slash + 1 ? `${path.slice(0, dot)} (${n})${path.slice(dot)}` : `${path} (${n})`;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** Each file's place: its record's folder, named by the record's label and its upload name. */
export function archivePaths<T extends ExportFile & { tamano_bytes: number }>(files: T[]): (T & { ruta: string })[] {
  const taken = new Set<string>();
  return files.map((f) => ({ ...f, ruta: uniquePath(`${FILE_FOLDERS[f.origen]}/${safeFileName(`${f.etiqueta} - ${f.nombre}`)}`, taken) }));
}

/** Each session's folder, `sesiones/{fecha}-sesion-{número}`, in the order given. */
export function sessionFolders<T extends { fecha: string; numero_sesion: number }>(sessions: T[]): [T, string][] {
  const taken = new Set<string>();
  return sessions.map((s) => [s, uniquePath(`sesiones/${s.fecha.slice(0, 10)}-sesion-${s.numero_sesion}`, taken)]);
}

/** The archive's name: the patient's name and the day it was made. */
export function archiveName(scope: ExportScope, fullName: string, day: Date): string {
  const date = day.toISOString().slice(0, 10);
  return safeFileName(scope === 'terapeuta' ? `Consulta - ${fullName} - ${date}.zip` : `Mis datos en Consulta - ${date}.zip`);
}

const CONTENTS: Record<ExportScope, string[]> = {
  terapeuta: [
    'paciente.json            La ficha completa del paciente, con las notas terapéuticas, el plan de tratamiento y',
    '                         lo que el paciente escribe de sí mismo en su perfil (género y notas propias).',
    'sesiones/                Una carpeta por sesión: sesion.json (todos sus campos, notas, observaciones y los dos',
    '                         análisis de IA) y transcripcion.txt cuando la sesión tiene transcripción.',
    'borradores/              Los borradores de sesión sin guardar, uno por archivo.',
    'ejercicios.json          Los ejercicios asignados (individuales y por módulo), su estado, las notas del',
    '                         paciente al completarlos y el progreso.',
    'modulos.json             Los módulos asignados y el progreso de cada uno.',
    'citas.json               Todas las citas de la agenda con el paciente: cuándo, cómo, su estado, quién canceló',
    '                         y por qué, la sesión registrada y las notas de la cita.',
    'cuestionarios.json       Los cuestionarios asignados (PHQ-9, GAD-7) y cada resultado: respuestas,',
    '                         puntuación, gravedad, alerta de seguridad y si se revisó.',
    'consentimientos.json     Los consentimientos vigentes y cada registro (quién, cuándo, cómo, revocaciones).',
    'historial-accesos.json   Cada acceso a los datos clínicos del paciente: quién, qué, cuándo, desde dónde y si',
    '                         tuvo éxito, del más antiguo al más reciente.',
  ],
  paciente: [
    'perfil.json              Tus datos personales (con tu género y tus notas) y los de tu terapia.',
    'sesiones/                Una carpeta por sesión con lo que ves de ella en Consulta (sesion.json) y su',
    '                         transcripción (transcripcion.txt) cuando la tiene.',
    'ejercicios.json          Tus ejercicios, su estado, tus notas y tu progreso.',
    'modulos.json             Tus módulos.',
    'citas.json               Tus citas: cuándo, cómo, su estado y quién las canceló.',
    'cuestionarios.json       Tus resultados en los cuestionarios: fecha, puntuación y gravedad.',
    'consentimientos.json     Tus consentimientos y cada cambio en ellos.',
    'historial-accesos.json   Quién ha accedido a tus datos, qué hizo y cuándo.',
  ],
};

/** LEEME.txt: what the archive holds and how it is laid out. */
export function readme(scope: ExportScope, generatedAt: Date): string {
  const who = scope === 'terapeuta' ? 'todo lo que Consulta guarda sobre este paciente' : 'tus datos en Consulta';
  return [
    `Exportación de ${who}`,
    `Generada el ${generatedAt.toLocaleString('es-ES', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} (UTC).`,
    '',
    'Los documentos están en formato JSON (texto con sangría: se abren con cualquier editor de texto).',
    'Las fechas siguen la norma ISO 8601.',
    '',
    ...CONTENTS[scope],
    'archivos.json            La lista de los archivos incluidos: de dónde vienen y dónde están en esta carpeta.',
    'archivos/                Los archivos: videos de las sesiones, archivos de los ejercicios y foto de perfil.',
    '',
    `El enlace de descarga caduca a los ${EXPORT_TTL_DAYS} días; después se puede pedir una exportación nueva.`,
    'Este archivo contiene datos de salud: guárdalo en un lugar seguro.',
    '',
  ].join('\n');
}
