import type { QuestionnaireCode, QuestionnaireFrequency } from '@consulta/shared';

/** One demo assignment: whose (by e-mail), how often, its next due day (days from today) and its answers (days ago). */
export interface DemoQuestionnaire {
  who: string;
  codigo: QuestionnaireCode;
  frecuenciaDias: QuestionnaireFrequency;
  /** Days from today to its next due day (0: due today); null: nothing left. */
  proximaEnDias: number | null;
  /** Days ago they were assigned. */
  asignadoHaceDias: number;
  answers: { haceDias: number; respuestas: number[]; revisada?: boolean }[];
}

/**
 * Lucía measured every fortnight: six PHQ-9 improving from moderately severe to mild, the first with an answer on
 * item 9 (the safety alert, reviewed), the next one in nine days; and a GAD-7 every four weeks, answered once and
 * due again today (what she sees on her dashboard).
 */
export const DEMO_QUESTIONNAIRES: DemoQuestionnaire[] = [
  {
    who: 'lucia.fernandez',
    codigo: 'phq9',
    frecuenciaDias: 14,
    proximaEnDias: 9,
    asignadoHaceDias: 75,
    answers: [
      { haceDias: 75, respuestas: [3, 2, 2, 2, 2, 2, 2, 2, 1], revisada: true },
      { haceDias: 61, respuestas: [2, 2, 2, 2, 2, 2, 1, 2, 0] },
      { haceDias: 47, respuestas: [2, 2, 2, 2, 1, 2, 1, 1, 0] },
      { haceDias: 33, respuestas: [2, 1, 2, 1, 1, 1, 1, 1, 0] },
      { haceDias: 19, respuestas: [1, 1, 2, 1, 1, 1, 1, 0, 0] },
      { haceDias: 5, respuestas: [1, 1, 1, 1, 1, 1, 0, 0, 0] },
    ],
  },
  {
    who: 'lucia.fernandez',
    codigo: 'gad7',
    frecuenciaDias: 28,
    proximaEnDias: 0,
    asignadoHaceDias: 28,
    answers: [{ haceDias: 28, respuestas: [2, 2, 1, 1, 1, 1, 1] }],
  },
];
