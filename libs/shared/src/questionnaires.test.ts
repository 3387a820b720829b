import { describe, expect, it } from 'vitest';
import { fillMessage } from './messages';
import {
  answersProblem,
  QUESTIONNAIRE_CODES,
  QUESTIONNAIRE_MSG,
  QUESTIONNAIRES,
  scoreQuestionnaire,
  type Questionnaire,
} from './questionnaires';

/** Answers of a scale adding up to `total`, filled from the first item (the alert item stays 0 when it can). */
function answersSumming(scale: Questionnaire, total: number): number[] {
  const answers = scale.items.map(() => 0);
  let left = total;
  for (let i = 0; i < answers.length && left > 0; i++) {
    if (scale.item_alerta === i + 1 && left <= 3 * (answers.length - i - 1)) continue;
    answers[i] = Math.min(3, left);
    left -= answers[i];
  }
  return answers;
}

describe('the scales as data', () => {
  it.each(QUESTIONNAIRE_CODES)('%s: numbered items, options 0-3, bands covering every score once', (code) => {
    const scale = QUESTIONNAIRES[code];
    expect(scale.codigo).toBe(code);
    expect(scale.items.map((i) => i.numero)).toEqual(scale.items.map((_, i) => i + 1));
    expect(scale.opciones.map((o) => o.valor)).toEqual([0, 1, 2, 3]);
    expect(scale.puntuacion_maxima).toBe(3 * scale.items.length);
    expect(scale.bandas[0].desde).toBe(0);
    expect(scale.bandas.at(-1)!.hasta).toBe(scale.puntuacion_maxima);
    scale.bandas.slice(1).forEach((b, i) => expect(b.desde).toBe(scale.bandas[i].hasta + 1));
  });

  it('PHQ-9 has nine items, its ninth about self-harm raising the alert; GAD-7 has seven and no alert item', () => {
    expect(QUESTIONNAIRES.phq9.items).toHaveLength(9);
    expect(QUESTIONNAIRES.phq9.item_alerta).toBe(9);
    expect(QUESTIONNAIRES.phq9.items[8].texto).toBe('Pensamientos de que estaría mejor muerto(a) o de lastimarse de alguna manera');
    expect(QUESTIONNAIRES.gad7.items).toHaveLength(7);
    expect(QUESTIONNAIRES.gad7.item_alerta).toBeNull();
  });
});

describe('scoreQuestionnaire', () => {
  it.each([
    [0, 'minima'],
    [4, 'minima'],
    [5, 'leve'],
    [9, 'leve'],
    [10, 'moderada'],
    [14, 'moderada'],
    [15, 'moderadamente_grave'],
    [19, 'moderadamente_grave'],
    [20, 'grave'],
    [27, 'grave'],
  ])('PHQ-9 %i → %s', (total, gravedad) => {
    const answers = answersSumming(QUESTIONNAIRES.phq9, total);
    expect(answers.reduce((a, b) => a + b, 0)).toBe(total);
    expect(scoreQuestionnaire(QUESTIONNAIRES.phq9, answers)).toMatchObject({ puntuacion: total, gravedad });
  });

  it.each([
    [0, 'minima'],
    [4, 'minima'],
    [5, 'leve'],
    [9, 'leve'],
    [10, 'moderada'],
    [14, 'moderada'],
    [15, 'grave'],
    [21, 'grave'],
  ])('GAD-7 %i → %s', (total, gravedad) => {
    expect(scoreQuestionnaire(QUESTIONNAIRES.gad7, answersSumming(QUESTIONNAIRES.gad7, total))).toEqual({
      puntuacion: total,
      gravedad,
      alerta: false,
    });
  });

  it('any answer above 0 on PHQ-9 item 9 raises the alert, whatever the total; other items never do', () => {
    const onlyNine = [0, 0, 0, 0, 0, 0, 0, 0, 1];
    expect(scoreQuestionnaire(QUESTIONNAIRES.phq9, onlyNine)).toEqual({ puntuacion: 1, gravedad: 'minima', alerta: true });
    expect(scoreQuestionnaire(QUESTIONNAIRES.phq9, [3, 3, 3, 3, 3, 3, 3, 3, 0]).alerta).toBe(false);
    expect(scoreQuestionnaire(QUESTIONNAIRES.gad7, [3, 3, 3, 3, 3, 3, 3]).alerta).toBe(false);
  });
});

describe('answersProblem', () => {
  const phq9 = QUESTIONNAIRES.phq9;

  it('accepts one whole option value per item', () => {
    expect(answersProblem(phq9, [0, 1, 2, 3, 0, 1, 2, 3, 0])).toBeNull();
  });

  it.each([[undefined], ['0,1'], [[0, 1, 2]], [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0]]])('refuses %j: wrong number of answers', (answers) => {
    expect(answersProblem(phq9, answers)).toBe(fillMessage(QUESTIONNAIRE_MSG.answerCount, { n: 9, nombre: 'PHQ-9' }));
  });

  it.each([[4], [-1], [1.5], ['1'], [null]])('refuses %j as an answer, naming the question', (value) => {
    const answers: unknown[] = [0, 0, 0, value, 0, 0, 0, 0, 0];
    expect(answersProblem(phq9, answers)).toBe(fillMessage(QUESTIONNAIRE_MSG.answerValue, { numero: 4, min: 0, max: 3 }));
  });
});
