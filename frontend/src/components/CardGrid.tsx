import Box from '@mui/material/Box';
import type { Breakpoint, SxProps, Theme } from '@mui/material/styles';
import type { ElementType, ReactNode } from 'react';

type PerBreakpoint<T> = Partial<Record<Breakpoint, T>>;

/**
 * A responsive grid of cards, a list by default (its cards are its items): one column on a phone, then `columns`
 * from each breakpoint on. Columns share the width evenly, whatever a card holds.
 */
export function CardGrid({
  columns,
  gap = 2,
  component = 'ul',
  label,
  sx,
  children,
}: {
  columns: PerBreakpoint<number>;
  gap?: number | PerBreakpoint<number>;
  component?: ElementType;
  label?: string;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const template: PerBreakpoint<string> = { xs: 'minmax(0, 1fr)' };
  for (const [breakpoint, count] of Object.entries(columns)) template[breakpoint as Breakpoint] = `repeat(${count}, minmax(0, 1fr))`;
  return (
    <Box
      component={component}
      aria-label={label}
      sx={[{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap, gridTemplateColumns: template }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </Box>
  );
}
