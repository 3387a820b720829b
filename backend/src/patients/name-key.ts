/** Accented letters and their plain forms: names sort and match accent- and case-insensitively. */
export const ACCENTED = 'ÁÀÄÂÃÉÈËÊÍÌÏÎÓÒÖÔÕÚÙÜÛÑÇáàäâãéèëêíìïîóòöôõúùüûñç';
export const PLAIN = 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc';

/** SQL folding a text column the way foldText() folds a search term (lower-case, no accents). */
export const foldSql = (column: string): string => `translate(lower(${column}), '${ACCENTED}', '${PLAIN}')`;

/** Lower-cases and strips accents, as foldSql() does in the database. */
export const foldText = (value: string): string => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
