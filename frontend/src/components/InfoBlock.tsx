import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled card of read-only information (the patient record, a session's detail). */
export function InfoBlock({
  title,
  action,
  headingLevel = 'h2',
  children,
}: {
  title: string;
  /** Shown at the right of the title (e.g. an 'Editar' button). */
  action?: ReactNode;
  headingLevel?: 'h2' | 'h3';
  children: ReactNode;
}) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.25, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography variant="subtitle1" component={headingLevel} sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/** A definition list laid out as a responsive grid of `InfoField`s. */
export function InfoGrid({ children, columns = 3, phoneColumns = 1 }: { children: ReactNode; columns?: 2 | 3; phoneColumns?: 1 | 2 }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: phoneColumns === 2 ? 'repeat(2, minmax(0, 1fr))' : '1fr',
          sm: 'repeat(2, minmax(0, 1fr))',
          lg: `repeat(${columns}, minmax(0, 1fr))`,
        },
        gap: 2.25,
        m: 0,
      }}
    >
      {children}
    </Box>
  );
}

/** One label and its value; `missing` greys out a placeholder such as 'No especificado'. */
export function InfoField({ label, value, missing, wide }: { label: string; value: ReactNode; missing?: boolean; wide?: boolean }) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }} component="dt">
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{
          m: 0,
          mt: 0.25,
          color: missing ? 'text.secondary' : 'text.primary',
          fontStyle: missing ? 'italic' : undefined,
          overflowWrap: 'anywhere',
        }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** Long free text (notes, plans, transcripts) with its line breaks kept; past `maxHeight` it scrolls (and takes focus to be scrolled by keys). */
export function LongText({ children, maxHeight }: { children: ReactNode; maxHeight?: number | string }) {
  return (
    <Box
      tabIndex={maxHeight ? 0 : undefined}
      sx={{ display: 'block', whiteSpace: 'pre-line', maxHeight, overflowY: maxHeight ? 'auto' : undefined }}
    >
      {children}
    </Box>
  );
}
