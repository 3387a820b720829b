import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { ComingSoon } from '../ComingSoon';

/** A shell page with its title as the page heading and the document title. */
export function SectionPage({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Consulta`;
  }, [title]);
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A shell page whose feature arrives in a later release. */
export function ComingSoonPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <SectionPage title={title}>
      <ComingSoon title={title}>{children}</ComingSoon>
    </SectionPage>
  );
}
