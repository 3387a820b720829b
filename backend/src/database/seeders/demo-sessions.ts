import { MSG, type CamposDatos } from '@consulta/shared';
import { DEMO_EMAIL_DOMAIN } from './demo-data';

/**
 * The demo practice's clinical history: sessions of the three kinds (psychotherapy, psychedelic, custom types),
 * next appointments and drafts in each state the list shows. Every demo patient has sessions, a published analysis and a next
 * appointment to see in their own area. Dates are days before (or after) the first start, so the demo always
 * looks current.
 */
export interface DemoSession {
  /** Days before the seeding day; the session starts at `hour`. */
  daysAgo: number;
  hour: number;
  duracionMinutos: number;
  /** 'psicoterapia', 'psicodelica', or the name of one of the demo custom types. */
  tipo: string;
  numVoces?: number;
  notas?: string;
  temasImportantes?: string;
  intencion?: string;
  tipoMedicina?: string;
  cantidad?: number;
  observaciones?: string;
  camposDatos?: CamposDatos;
  transcripcion?: string;
  /** The therapist's AI analysis. */
  analisisIa?: string;
  analisisIaPaciente?: string;
  /** Whether the patient version is published (default: yes, as a version saved from the form). */
  publicado?: false;
  /**
   * The session has the demo video (backend/assets/demo/sesion-demo.mp4) in storage, and its transcript by
   * speaker (sesion-demo.transcript.json) as `transcripcion`.
   */
  video?: true;
}

export interface DemoHistory {
  email: string;
  sessions: DemoSession[];
  /** Sessions being written: they show under 'Sesiones en Procesamiento', each in its state. */
  drafts?: DemoDraft[];
}

/**
 * A draft of the demo, in one of the states the list shows. A running one (`transcribiendo`) is only the picture of
 * one: no job is started for it, nor resumed at a later start (no job claimed it), and 'Cancelar procesamiento'
 * works on it as on a real one.
 */
export interface DemoDraft {
  titulo: string;
  tipo: string;
  estado?: 'borrador' | 'transcribiendo' | 'fallido' | 'cancelado';
  progreso?: number;
  mensajeError?: string;
  notas?: string;
  temasImportantes?: string;
  /** Days before the seeding day of its date (at 17:00). */
  daysAgo: number;
  /** Hours before the seeding when it was last saved (the list's order). */
  savedHoursAgo: number;
  duracionMinutos?: number;
  /** The demo video attached (stored as an upload through the app would). */
  video?: true;
  /** The demo video's transcript by speaker, as a finished transcription leaves it. */
  transcript?: true;
}

const at = (name: string) => `${name}@${DEMO_EMAIL_DOMAIN}`;

export const DEMO_HISTORIES: DemoHistory[] = [
  {
    email: at('lucia.fernandez'),
    sessions: [
      {
        daysAgo: 56,
        hour: 17,
        duracionMinutos: 55,
        tipo: 'psicoterapia',
        video: true,
        notas:
          'Primera sesión. Acude por ansiedad laboral desde que la ascendieron a jefa de proyecto hace seis meses. Describe ' +
          'insomnio de conciliación (tarda más de una hora en dormirse) y rumiación sobre tareas pendientes. Buena alianza ' +
          'desde el inicio; se muestra colaboradora y con capacidad de introspección.',
        temasImportantes: 'Presión laboral, autoexigencia, insomnio de conciliación',
        analisisIa:
          'Resumen de la sesión: Lucía describe una ansiedad anticipatoria intensa antes de las reuniones de trabajo, con ' +
          'taquicardia, sensación de falta de aire y pensamientos de fracaso («voy a hacerlo mal»).\n\n' +
          'Temas principales: ansiedad laboral ligada al nuevo puesto; autoexigencia; activación fisiológica anticipatoria.\n\n' +
          'Estado emocional y patrones observados: la activación aparece antes del evento temido y se acompaña de ' +
          'predicciones catastróficas. Responde bien a la respiración diafragmática guiada (4 s de inspiración, 6 s de ' +
          'espiración): refiere calma inmediata.\n\n' +
          'Recursos y avances: buena conciencia corporal, disposición a practicar y autoeficacia emergente («creo que puedo ' +
          'hacerlo antes de la próxima reunión»).\n\n' +
          'Riesgos o señales de alerta: no se observan en esta sesión.\n\n' +
          'Sugerencias para próximas sesiones: pautar la respiración 4-6 antes de cada reunión y registrar la ansiedad (0-10) ' +
          'antes y después; explorar los pensamientos automáticos de fracaso con reestructuración cognitiva.',
        analisisIaPaciente:
          'Hoy hablaste de los nervios que sientes antes de las reuniones: el corazón se acelera y aparece la idea de que vas ' +
          'a hacerlo mal. Practicamos juntos una respiración sencilla: inspirar por la nariz contando hasta cuatro y soltar ' +
          'el aire despacio contando hasta seis. Notaste que te sentías más tranquila. Como próximo paso, puedes usar esta ' +
          'respiración antes de tu próxima reunión y fijarte en cómo te sientes antes y después.',
      },
      {
        daysAgo: 42,
        hour: 17,
        duracionMinutos: 50,
        tipo: 'psicoterapia',
        notas:
          'Revisamos el registro de pensamientos de la semana. Identifica el pensamiento automático «si no lo reviso todo, algo ' +
          'saldrá mal». Trabajamos reestructuración cognitiva y acordamos una rutina de cierre de jornada a las 19:00.',
        temasImportantes: 'Pensamientos automáticos, rutina de desconexión',
        // An analysis written in the background, waiting for the therapist to read and publish it.
        analisisIa:
          'Resumen de la sesión: revisión del registro de pensamientos. Aparece el pensamiento automático «si no lo reviso ' +
          'todo, algo saldrá mal», con rasgos de perfeccionismo y necesidad de control.\n\n' +
          'Sugerencias para próximas sesiones: evaluar el cumplimiento de la rutina de cierre a las 19:00 y continuar la ' +
          'reestructuración cognitiva con experimentos conductuales de delegación.',
        analisisIaPaciente:
          'En esta sesión revisaste tu registro de pensamientos y descubriste una idea que se repite: «si no lo reviso todo, ' +
          'algo saldrá mal». Acordamos una rutina para cerrar la jornada a las 19:00 y darte permiso para descansar.',
        publicado: false,
      },
      {
        daysAgo: 28,
        hour: 18,
        duracionMinutos: 75,
        tipo: 'Terapia de pareja',
        numVoces: 3,
        notas: 'Sesión conjunta con su marido, Andrés, a petición de ambos.',
        camposDatos: {
          Asistentes: 'Ambos',
          'Acuerdos de la sesión':
            'Andrés se encarga de las cenas de lunes a jueves. Ninguno de los dos consulta el correo del trabajo después de las 21:00.',
        },
      },
      {
        daysAgo: 14,
        hour: 17,
        duracionMinutos: 50,
        tipo: 'psicoterapia',
        notas:
          'Mejoría del sueño: se duerme en unos 30 minutos cuatro noches de siete. Mantiene la rutina de cierre. Aparece culpa ' +
          'al delegar tareas en su equipo; lo trabajamos con la técnica de la doble columna.',
        temasImportantes: 'Delegar sin culpa, mejoría del sueño',
      },
      {
        daysAgo: 7,
        hour: 9,
        duracionMinutos: 30,
        tipo: 'Seguimiento breve',
        notas: 'Llamada de seguimiento antes de una entrega importante.',
        camposDatos: { 'Nivel de ansiedad (0-10)': 6 },
      },
    ],
    drafts: [
      {
        titulo: 'Sesión del jueves',
        tipo: 'psicoterapia',
        notas: 'Llega más tranquila. Comenta que pudo decir «no» a una reunión fuera de horario.',
        temasImportantes: 'Límites en el trabajo',
        daysAgo: 0,
        savedHoursAgo: 0,
        duracionMinutos: 50,
      },
      {
        titulo: 'Sesión grabada del martes',
        tipo: 'psicoterapia',
        estado: 'transcribiendo',
        progreso: 40,
        notas: 'Sesión grabada con su permiso: la transcripción sigue en curso.',
        daysAgo: 0,
        savedHoursAgo: 1,
        video: true,
      },
      {
        titulo: 'Sesión del lunes',
        tipo: 'psicoterapia',
        estado: 'cancelado',
        notas: 'Repasamos la semana; el análisis IA se canceló para revisar antes la transcripción.',
        temasImportantes: 'Ansiedad antes de las reuniones',
        daysAgo: 1,
        savedHoursAgo: 20,
        video: true,
        transcript: true,
      },
      {
        titulo: 'Videollamada de seguimiento',
        tipo: 'Seguimiento breve',
        estado: 'fallido',
        mensajeError: MSG.ai.transcriptionFailed,
        notas: 'La grabación se cortó a mitad de la llamada.',
        daysAgo: 2,
        savedHoursAgo: 44,
        video: true,
      },
    ],
  },
  {
    email: at('mateo.gomez'),
    sessions: [
      {
        daysAgo: 35,
        hour: 11,
        duracionMinutos: 60,
        tipo: 'psicoterapia',
        notas:
          'Sesión de preparación. Revisamos motivaciones, expectativas y criterios de exclusión. Sin antecedentes psiquiátricos ' +
          'personales ni familiares relevantes. Firma el consentimiento informado.',
        temasImportantes: 'Preparación, expectativas, seguridad',
      },
      {
        daysAgo: 21,
        hour: 9,
        duracionMinutos: 240,
        tipo: 'psicodelica',
        numVoces: 2,
        intencion: 'Comprender el origen de su bloqueo creativo y reconciliarse con la figura de su padre.',
        tipoMedicina: 'Psilocibina',
        cantidad: 2.5,
        observaciones:
          'Ascenso suave a los 40 minutos. Llanto liberador en la segunda hora al recordar escenas de su infancia en el taller ' +
          'de su padre. Sin incidencias físicas; constantes estables. Refiere sensación de gratitud al final.',
        analisisIaPaciente: 'Durante la sesión conectaste con recuerdos de tu infancia y con una sensación de gratitud.',
      },
      {
        daysAgo: 14,
        hour: 11,
        duracionMinutos: 60,
        tipo: 'psicoterapia',
        notas: 'Sesión de integración. Escribe una carta a su padre que lee en consulta. Retoma el dibujo dos tardes por semana.',
        temasImportantes: 'Integración, relación con el padre, creatividad',
      },
    ],
  },
  {
    email: at('carmen.ortega'),
    sessions: [
      {
        daysAgo: 70,
        hour: 16,
        duracionMinutos: 50,
        tipo: 'psicoterapia',
        notas: 'Duelo por el divorcio, firmado hace cuatro meses. Tristeza persistente y aislamiento social los fines de semana.',
        temasImportantes: 'Duelo, aislamiento',
      },
      {
        daysAgo: 49,
        hour: 16,
        duracionMinutos: 50,
        tipo: 'psicoterapia',
        notas: 'Conflicto con su hijo mayor por los horarios. Ensayamos una conversación en la que expresa límites sin culpa.',
        temasImportantes: 'Relación con los hijos, comunicación asertiva',
        analisisIaPaciente:
          'Hablamos de las discusiones con tu hijo mayor por los horarios. Ensayaste cómo decirle lo que necesitas con calma ' +
          'y sin sentir culpa. Para la próxima semana, puedes elegir un momento tranquilo para tener esa conversación.',
      },
    ],
  },
  {
    email: at('javier.morales'),
    // He paused therapy; a review session is booked to decide whether to resume.
    sessions: [
      {
        daysAgo: 160,
        hour: 12,
        duracionMinutos: 50,
        tipo: 'psicoterapia',
        notas: 'Estrés por una reestructuración en su empresa. Duerme poco y ha dejado el deporte.',
        temasImportantes: 'Estrés laboral, hábitos de descanso',
      },
      {
        daysAgo: 146,
        hour: 12,
        duracionMinutos: 50,
        tipo: 'psicoterapia',
        notas: 'Ha retomado la bicicleta dos días por semana. Decide pausar la terapia hasta después del verano.',
        temasImportantes: 'Recuperar el deporte, cierre de etapa',
        analisisIaPaciente:
          'Repasaste lo que te ha ayudado estas semanas: volver a la bicicleta y poner un horario fijo para acostarte. ' +
          'Decidiste hacer una pausa en la terapia; cuando vuelvas, podemos revisar juntos cómo te ha ido.',
      },
    ],
  },
  {
    email: at('sofia.ramirez'),
    sessions: [
      {
        daysAgo: 20,
        hour: 19,
        duracionMinutos: 45,
        tipo: 'psicoterapia',
        notas: 'Ansiedad anticipatoria ante los exámenes parciales. Le enseño respiración diafragmática y la practicamos en sesión.',
        temasImportantes: 'Ansiedad ante exámenes, respiración',
        analisisIaPaciente:
          'Hablaste de los nervios antes de los exámenes parciales y aprendiste la respiración diafragmática: llevar el aire ' +
          'al abdomen y soltarlo despacio. Puedes practicarla cinco minutos al día y usarla justo antes de entrar al aula.',
      },
      {
        daysAgo: 6,
        hour: 19,
        duracionMinutos: 30,
        tipo: 'Seguimiento breve',
        camposDatos: { 'Nivel de ansiedad (0-10)': 4 },
        notas: 'Aprobó dos de tres parciales. Usa la respiración antes de entrar al aula.',
      },
    ],
  },
];
