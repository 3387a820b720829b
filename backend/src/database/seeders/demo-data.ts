import { DEMO_PASSWORD, type ConsentKind } from '@consulta/shared';

/** The demo practice seeded in embedded mode (and whenever DEMO_LOGIN is on and no therapist exists): its domain is auth's. */
import { DEMO_EMAIL_DOMAIN } from '../../auth/demo-accounts';
export { DEMO_EMAIL_DOMAIN };

/** Demo patients sign in with this password on the e-mail + password form (it satisfies the password rules). */
export { DEMO_PASSWORD };

export const DEMO_THERAPIST = { email: `ana.martinez@${DEMO_EMAIL_DOMAIN}`, name: 'Dra. Ana Martínez' };

export interface DemoPatient {
  nombre: string;
  apellido: string;
  email: string;
  telefonoPaciente: string;
  telefono: string;
  edad: number | null;
  fechaNacimiento: string | null;
  estadoCivil: string | null;
  profesionOcupacion: string | null;
  nivelEscolaridad: string | null;
  haHechoTerapia: boolean | null;
  haHechoPsicodelicos: boolean | null;
  haHechoConstelaciones: boolean | null;
  propuestaTerapia: string | null;
  tipoServicio: string | null;
  whatsappMensajeriaConsentimiento: boolean;
  fechaIngreso: string;
  estadoTerapia: string;
  objetivosTerapia: string | null;
}

/**
 * The recording and AI consents each demo patient gave in writing on admission (WhatsApp follows the record's box).
 * Carmen has not consented to AI: the demo shows the transcription, analyses and assistant refusing, and why.
 */
export const DEMO_CONSENTS: Record<string, ConsentKind[]> = {
  [`lucia.fernandez@${DEMO_EMAIL_DOMAIN}`]: ['grabacion', 'ia'],
  [`mateo.gomez@${DEMO_EMAIL_DOMAIN}`]: ['grabacion', 'ia'],
  [`carmen.ortega@${DEMO_EMAIL_DOMAIN}`]: ['grabacion'],
  [`javier.morales@${DEMO_EMAIL_DOMAIN}`]: ['grabacion', 'ia'],
  [`sofia.ramirez@${DEMO_EMAIL_DOMAIN}`]: ['grabacion', 'ia'],
};

export const DEMO_PATIENTS: DemoPatient[] = [
  {
    nombre: 'Lucía',
    apellido: 'Fernández Ruiz',
    email: `lucia.fernandez@${DEMO_EMAIL_DOMAIN}`,
    telefonoPaciente: '+34612345678',
    telefono: '612345678',
    edad: 34,
    fechaNacimiento: '1992-04-17',
    estadoCivil: 'casado',
    profesionOcupacion: 'Arquitecta',
    nivelEscolaridad: 'licenciatura',
    haHechoTerapia: true,
    haHechoPsicodelicos: false,
    haHechoConstelaciones: null,
    propuestaTerapia: 'Ansiedad laboral y dificultades para conciliar el sueño.',
    tipoServicio: 'Psicoterapia individual',
    whatsappMensajeriaConsentimiento: true,
    fechaIngreso: '2026-03-10',
    estadoTerapia: 'activo',
    objetivosTerapia: 'Reducir la rumiación nocturna y poner límites en el trabajo.',
  },
  {
    nombre: 'Mateo',
    apellido: 'Gómez Herrera',
    email: `mateo.gomez@${DEMO_EMAIL_DOMAIN}`,
    telefonoPaciente: '+573001234567',
    telefono: '3001234567',
    edad: 27,
    fechaNacimiento: '1999-09-02',
    estadoCivil: 'soltero',
    profesionOcupacion: 'Diseñador gráfico',
    nivelEscolaridad: 'licenciatura',
    haHechoTerapia: false,
    haHechoPsicodelicos: true,
    haHechoConstelaciones: false,
    propuestaTerapia: 'Integración de una experiencia con ayahuasca y sentido vital.',
    tipoServicio: 'Integración psicodélica',
    whatsappMensajeriaConsentimiento: true,
    fechaIngreso: '2026-05-22',
    estadoTerapia: 'activo',
    objetivosTerapia: null,
  },
  {
    nombre: 'Carmen',
    apellido: 'Ortega Villalobos',
    email: `carmen.ortega@${DEMO_EMAIL_DOMAIN}`,
    telefonoPaciente: '+525512345678',
    telefono: '5512345678',
    edad: 52,
    fechaNacimiento: '1974-01-28',
    estadoCivil: 'divorciado',
    profesionOcupacion: 'Profesora de secundaria',
    nivelEscolaridad: 'maestria',
    haHechoTerapia: true,
    haHechoPsicodelicos: false,
    haHechoConstelaciones: true,
    propuestaTerapia: 'Duelo tras el divorcio y relación con sus hijos adolescentes.',
    tipoServicio: 'Psicoterapia individual',
    whatsappMensajeriaConsentimiento: false,
    fechaIngreso: '2025-11-04',
    estadoTerapia: 'activo',
    objetivosTerapia: 'Elaborar el duelo y recuperar actividades propias.',
  },
  {
    nombre: 'Javier',
    apellido: 'Morales Quintero',
    email: `javier.morales@${DEMO_EMAIL_DOMAIN}`,
    telefonoPaciente: '+5491123456789',
    telefono: '91123456789',
    edad: 41,
    fechaNacimiento: null,
    estadoCivil: 'union_libre',
    profesionOcupacion: 'Ingeniero de sistemas',
    nivelEscolaridad: 'doctorado',
    haHechoTerapia: null,
    haHechoPsicodelicos: null,
    haHechoConstelaciones: null,
    propuestaTerapia: null,
    tipoServicio: null,
    whatsappMensajeriaConsentimiento: false,
    fechaIngreso: '2025-06-16',
    estadoTerapia: 'inactivo',
    objetivosTerapia: null,
  },
  {
    nombre: 'Sofía',
    apellido: 'Ramírez Castaño',
    email: `sofia.ramirez@${DEMO_EMAIL_DOMAIN}`,
    telefonoPaciente: '+573157654321',
    telefono: '3157654321',
    edad: 19,
    fechaNacimiento: '2007-02-11',
    estadoCivil: 'soltero',
    profesionOcupacion: 'Estudiante universitaria',
    nivelEscolaridad: 'secundaria',
    haHechoTerapia: false,
    haHechoPsicodelicos: false,
    haHechoConstelaciones: false,
    propuestaTerapia: 'Autoestima y ansiedad ante los exámenes.',
    tipoServicio: 'Psicoterapia individual',
    whatsappMensajeriaConsentimiento: true,
    fechaIngreso: '2026-09-01',
    estadoTerapia: 'activo',
    objetivosTerapia: 'Técnicas de regulación antes de los exámenes.',
  },
];

/** Dra. Martínez's 'Mi Perfil'. */
export const DEMO_THERAPIST_PROFILE = {
  especialidad: 'Psicología clínica · Terapia cognitivo-conductual',
  licencia: 'COP M-28451',
  telefono: '+34 611 234 567',
  direccion: 'Calle de Alcalá 120, 2.º B, 28009 Madrid',
  biografia:
    'Psicóloga clínica con más de doce años de experiencia en ansiedad, duelo y terapia de pareja. Combina la terapia cognitivo-conductual con prácticas de mindfulness.',
  estudios: [
    { id: 'estudio-1', titulo: 'Grado en Psicología', institucion: 'Universidad Complutense de Madrid', año: 2010 },
    { id: 'estudio-2', titulo: 'Máster en Psicología General Sanitaria', institucion: 'Universidad Autónoma de Madrid', año: 2012 },
  ],
  certificaciones: [
    { id: 'cert-1', titulo: 'Instructora de Mindfulness (MBSR)', institucion: 'Centro de Mindfulness de Madrid', año: 2018 },
  ],
};

/** Her custom session types. */
export const DEMO_SESSION_TYPES = [
  {
    nombre: 'Terapia de pareja',
    descripcion: 'Sesión conjunta de 75 minutos.',
    valor: '85.00',
    campos: [
      { nombre: 'Asistentes', tipo: 'select' as const, requerido: true, placeholder: null, opciones: ['Ambos', 'Solo uno'] },
      {
        nombre: 'Acuerdos de la sesión',
        tipo: 'textarea' as const,
        requerido: false,
        placeholder: 'Compromisos hasta la próxima sesión',
        opciones: [],
      },
    ],
  },
  {
    nombre: 'Seguimiento breve',
    descripcion: 'Llamada de 30 minutos entre sesiones.',
    valor: '35.50',
    campos: [{ nombre: 'Nivel de ansiedad (0-10)', tipo: 'number' as const, requerido: true, placeholder: '0-10', opciones: [] }],
  },
];
