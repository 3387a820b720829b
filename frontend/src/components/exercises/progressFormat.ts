import { LOCALE } from '../../i18n/format';

/** es-ES percent with a fixed number of decimals: formatPercentEs(66.67, 1) → '66,7 %'. */
export function formatPercentEs(value: number, decimals: number): string {
  const number = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
  return `${number} %`;
}
