import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A tab's title and summary with its action buttons beside them (stacked, full width, on a phone). */
export function TabHeader({ title, summary, children }: { title: string; summary?: string; children?: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2.5 }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {summary && (
          <Typography variant="body2" color="text.secondary" data-testid="tab-summary">
            {summary}
          </Typography>
        )}
      </Box>
      {children && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexShrink: 0, '& .MuiButton-root': { minHeight: 44 } }}>
          {children}
        </Stack>
      )}
    </Stack>
  );
}
