/** The indexes of the questions still without an answer, in order. */
export const unanswered = (answers: readonly (number | null)[]): number[] => answers.flatMap((a, i) => (a === null ? [i] : []));
