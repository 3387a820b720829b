import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { CardGrid } from '../../components/CardGrid';

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
    <CardGrid label={label} columns={{ sm: 2, lg: 3 }}>
      {children}
    </CardGrid>
  );
}
