import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../components/usePageTitle';

/** The card of the password pages: an icon, the title (also the page's title) and the content. */
export function AuthCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Card sx={{ boxShadow: '0 12px 40px rgba(16, 40, 44, 0.08)' }}>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <Box
            sx={{
              width: 40,
              height: 40,
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(47,111,115,0.1)',
              color: 'primary.main',
            }}
          >
            {icon}
          </Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}
