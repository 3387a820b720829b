import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { PublicFooter } from './PublicFooter';
import { PublicNav } from './PublicNav';

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <PublicNav />
      <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        {children}
      </Box>
      <PublicFooter />
    </Box>
  );
}
