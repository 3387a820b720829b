import { DEMO_EMAIL_DOMAIN } from './demo-data';

/**
 * The demo practice's exercise bank, its two modules and what the patients have of them: assignments some days
 * ago and a few completions with the patient's notes, so every exercise screen shows a living practice.
 */
export interface DemoExercise {
  titulo: string;
  descripcion: string;
  categoria: string | null;
  /** Days before the seeding day it was created. */
  creadoHaceDias: number;
  /** The demo worksheet (a one-page PDF made at seeding) is attached under this file name. */
  ficha?: { nombre: string; lineas: string[] };
}

export interface DemoModule {
  titulo: string;
  descripcion: string;
  /** Exercise titles, in order. */
  ejercicios: string[];
}

export interface DemoAssignment {
  email: string;
  /** Exercise titles assigned individually, with how many days ago. */
  ejercicios: { titulo: string; haceDias: number }[];
  modulos: { titulo: string; haceDias: number }[];
  /** Completions: days ago and the patient's notes. */
  completados: { titulo: string; haceDias: number; notas?: string }[];
}

const at = (name: string) => `${name}@${DEMO_EMAIL_DOMAIN}`;

export const DEMO_EXERCISES: DemoExercise[] = [
  {
    titulo: 'Respiración diafragmática 4-6',
    descripcion:
      'Siéntate con la espalda apoyada y una mano sobre el abdomen. Inspira por la nariz contando hasta 4, notando cómo ' +
      'sube la mano, y suelta el aire por la boca contando hasta 6. Repite durante 5 minutos, dos veces al día y antes de ' +
      'las situaciones que te generan nervios. Anota tu nivel de ansiedad (0-10) antes y después.',
    categoria: 'Ansiedad',
    creadoHaceDias: 60,
  },
  {
    titulo: 'Registro de pensamientos automáticos',
    descripcion:
      'Cuando notes un cambio brusco en tu estado de ánimo, anota la situación, el pensamiento que apareció, la emoción ' +
      'y su intensidad (0-100). Después busca evidencias a favor y en contra del pensamiento y escribe una alternativa ' +
      'más equilibrada. Usa la ficha adjunta.',
    categoria: 'Ansiedad',
    creadoHaceDias: 58,
    ficha: {
      nombre: 'Ficha - Registro de pensamientos.pdf',
      lineas: [
        'Registro de pensamientos automáticos',
        '',
        '1. Situación: ¿qué pasó, dónde y con quién?',
        '2. Pensamiento automático: ¿qué pasó por tu mente?',
        '3. Emoción e intensidad (0-100).',
        '4. Evidencias a favor del pensamiento.',
        '5. Evidencias en contra del pensamiento.',
        '6. Pensamiento alternativo y nueva intensidad (0-100).',
        '',
        'Rellena una fila cada vez que notes un cambio brusco de ánimo.',
      ],
    },
  },
  {
    titulo: 'Exposición gradual: escalera de situaciones',
    descripcion:
      'Haz una lista de 8-10 situaciones que evitas, ordenadas de menos a más ansiedad (0-100). Empieza por la más baja ' +
      'y permanece en ella hasta que la ansiedad baje a la mitad. Repite cada peldaño al menos tres veces antes de subir.',
    categoria: 'Ansiedad',
    creadoHaceDias: 55,
  },
  {
    titulo: 'Higiene del sueño: rutina de desconexión',
    descripcion:
      'Durante la última hora del día, sin pantallas: luz tenue, una actividad tranquila (leer, ducha templada) y la ' +
      'lista de tareas de mañana escrita en papel para dejarla fuera de la cama. Acuéstate y levántate a la misma hora.',
    categoria: 'Regulación emocional',
    creadoHaceDias: 54,
  },
  {
    titulo: 'Escaneo corporal de 10 minutos',
    descripcion:
      'Tumbado o sentado, recorre con la atención el cuerpo desde los pies hasta la cabeza, deteniéndote en cada zona ' +
      'unos segundos. Observa las sensaciones sin intentar cambiarlas; cuando la mente se vaya, vuelve con amabilidad.',
    categoria: 'Mindfulness',
    creadoHaceDias: 50,
  },
  {
    titulo: 'Tres cosas buenas del día',
    descripcion: 'Cada noche escribe tres cosas que salieron bien hoy, por pequeñas que sean, y qué papel tuviste tú en cada una.',
    categoria: 'Depresión',
    creadoHaceDias: 45,
  },
  {
    titulo: 'Carta compasiva a uno mismo',
    descripcion:
      'Escribe una carta sobre algo de lo que te culpas, como si te escribiera un amigo que te quiere y te comprende: ' +
      'reconoce el malestar, recuerda que equivocarse es humano y ofrece palabras de apoyo concretas.',
    categoria: 'Autoestima',
    creadoHaceDias: 40,
  },
  {
    titulo: 'Lista de cualidades y logros',
    descripcion:
      'Anota diez cualidades tuyas y diez logros de cualquier etapa de tu vida. Añade un ejemplo concreto de cada ' +
      'cualidad. Léela en voz alta una vez al día durante una semana.',
    categoria: 'Autoestima',
    creadoHaceDias: 40,
  },
  {
    titulo: 'Decir no: guion asertivo',
    descripcion:
      'Prepara una petición que quieras rechazar y escribe tu respuesta en tres partes: lo que entiendes de la otra ' +
      'persona, tu decisión clara y una alternativa si la hay. Ensáyala en voz alta antes de usarla.',
    categoria: 'Habilidades sociales',
    creadoHaceDias: 30,
  },
  {
    titulo: 'Anclaje 5-4-3-2-1',
    descripcion:
      'Cuando notes que te invade un recuerdo o una emoción intensa, nombra 5 cosas que ves, 4 que puedes tocar, 3 que ' +
      'oyes, 2 que hueles y 1 que saboreas. Respira despacio mientras lo haces.',
    categoria: 'Trauma',
    creadoHaceDias: 20,
  },
];

export const DEMO_MODULES: DemoModule[] = [
  {
    titulo: 'Manejo de la ansiedad',
    descripcion: 'Cuatro semanas para entender la ansiedad, calmar el cuerpo y dejar de evitar.',
    ejercicios: [
      'Respiración diafragmática 4-6',
      'Registro de pensamientos automáticos',
      'Escaneo corporal de 10 minutos',
      'Exposición gradual: escalera de situaciones',
    ],
  },
  {
    titulo: 'Autoestima y autocompasión',
    descripcion: 'Ejercicios para tratarte con la amabilidad que ofreces a los demás.',
    ejercicios: ['Lista de cualidades y logros', 'Carta compasiva a uno mismo', 'Tres cosas buenas del día'],
  },
];

export const DEMO_ASSIGNMENTS: DemoAssignment[] = [
  {
    email: at('lucia.fernandez'),
    modulos: [{ titulo: 'Manejo de la ansiedad', haceDias: 50 }],
    ejercicios: [
      { titulo: 'Higiene del sueño: rutina de desconexión', haceDias: 42 },
      { titulo: 'Respiración diafragmática 4-6', haceDias: 55 },
      { titulo: 'Decir no: guion asertivo', haceDias: 14 },
    ],
    completados: [
      {
        titulo: 'Respiración diafragmática 4-6',
        haceDias: 48,
        notas: 'La hice antes de las dos reuniones del lunes. Pasé de un 8 a un 4 de ansiedad.',
      },
      {
        titulo: 'Registro de pensamientos automáticos',
        haceDias: 35,
        notas: 'El pensamiento que más se repite es «van a ver que no valgo para el puesto». Con la ficha lo veo menos cierto.',
      },
      { titulo: 'Higiene del sueño: rutina de desconexión', haceDias: 21, notas: 'Tardo menos en dormirme, unos 30 minutos.' },
    ],
  },
  {
    email: at('mateo.gomez'),
    modulos: [{ titulo: 'Autoestima y autocompasión', haceDias: 25 }],
    ejercicios: [{ titulo: 'Anclaje 5-4-3-2-1', haceDias: 10 }],
    completados: [{ titulo: 'Lista de cualidades y logros', haceDias: 18, notas: 'Me costó llegar a diez cualidades, pero lo conseguí.' }],
  },
  {
    email: at('carmen.ortega'),
    modulos: [],
    ejercicios: [
      { titulo: 'Tres cosas buenas del día', haceDias: 12 },
      { titulo: 'Escaneo corporal de 10 minutos', haceDias: 12 },
    ],
    completados: [{ titulo: 'Tres cosas buenas del día', haceDias: 5 }],
  },
];
