import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

export interface DataFigure {
  label: string;
  value: number | undefined;
}

/** What an assistant has to go on, counted: a card of figures (a skeleton while they load). */
export function DataCard({
  title,
  icon,
  hint,
  figures,
  columns,
}: {
  title: string;
  icon?: ReactNode;
  hint?: string;
  figures: DataFigure[];
  columns: { xs: number; md: number };
}) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: hint ? 0.5 : 1.5 }}>
          {icon}
          <Typography id={titleId} variant="h6" component="h2">
            {title}
          </Typography>
        </Stack>
        {hint && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {hint}
          </Typography>
        )}
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: `repeat(${columns.xs}, 1fr)`, md: `repeat(${columns.md}, 1fr)` },
            gap: { xs: 1, sm: 1.5 },
          }}
        >
          {figures.map((figure) => (
            // The figure reads first, its label under it; in the markup the term comes before its definition.
            <Box
              key={figure.label}
              sx={{
                p: { xs: 1.25, sm: 1.5 },
                borderRadius: 2,
                bgcolor: 'rgba(47,111,115,0.07)',
                display: 'flex',
                flexDirection: 'column-reverse',
                justifyContent: 'flex-end',
              }}
            >
              <Typography component="dt" variant="body2" color="text.secondary">
                {figure.label}
              </Typography>
              <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 700, color: 'primary.dark' }}>
                {figure.value ?? <Skeleton width={32} />}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
