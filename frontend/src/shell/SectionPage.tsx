import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePageTitle } from '../components/usePageTitle';

/** A shell page with its title as the page heading and the document title. */
export function SectionPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: { xs: 1.5, sm: 2.5 } }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
