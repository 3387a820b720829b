import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A part of the new-session panel: a section named by its small heading (`${id}-title`) with an icon. */
export function PanelSection({
  id,
  icon,
  title,
  testId,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={`${id}-title`} data-testid={testId} sx={{ mt: 2.5, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        {icon}
        <Typography id={`${id}-title`} variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
      </Stack>
      {children}
    </Box>
  );
}
