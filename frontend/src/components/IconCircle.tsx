import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** The brand's round, tinted badge behind a message's icon (status pages, whole-card messages). */
export function IconCircle({ children, size = 56, iconSize }: { children: ReactNode; size?: number; iconSize?: number }) {
  return (
    <Box
      sx={{
        width: size,
        height: size,
        mx: 'auto',
        mb: 2,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'rgba(47,111,115,0.08)',
        color: 'primary.main',
        ...(iconSize ? { '& svg': { fontSize: iconSize } } : {}),
      }}
    >
      {children}
    </Box>
  );
}
