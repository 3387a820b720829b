import { categoryColor } from '@consulta/shared';

type CategoryColorName = ReturnType<typeof categoryColor>;

/** Readable text on a light tint, one pair per colour name of `categoryColor` (contrast ≥ 4.5:1). */
const PALETTE: Record<CategoryColorName, { text: string; background: string; bar: string }> = {
  purple: { text: '#6b21a8', background: '#f3e8ff', bar: '#9333ea' },
  blue: { text: '#1e40af', background: '#dbeafe', bar: '#3b82f6' },
  green: { text: '#166534', background: '#dcfce7', bar: '#22c55e' },
  indigo: { text: '#3730a3', background: '#e0e7ff', bar: '#6366f1' },
  orange: { text: '#9a3412', background: '#ffedd5', bar: '#f97316' },
  teal: { text: '#115e59', background: '#ccfbf1', bar: '#14b8a6' },
  pink: { text: '#9d174d', background: '#fce7f3', bar: '#ec4899' },
  red: { text: '#991b1b', background: '#fee2e2', bar: '#ef4444' },
  amber: { text: '#92400e', background: '#fef3c7', bar: '#f59e0b' },
  gray: { text: '#374151', background: '#f3f4f6', bar: '#9ca3af' },
};

export const categoryPalette = (categoria: string | null | undefined) => PALETTE[categoryColor(categoria)];
