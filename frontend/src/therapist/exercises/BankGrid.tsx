import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The bank's card grid (one column on a phone), or its empty state. */
export function BankGrid({
  label,
  empty,
  children,
}: {
  label: string;
  empty: { title: string; hint?: string } | null;
  children: ReactNode;
}) {
  if (empty) {
    return (
      <Card variant="outlined" sx={{ textAlign: 'center', py: 6, px: 2 }}>
        <Typography sx={{ fontWeight: 600 }}>{empty.title}</Typography>
        {empty.hint && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {empty.hint}
          </Typography>
        )}
      </Card>
    );
  }
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}
