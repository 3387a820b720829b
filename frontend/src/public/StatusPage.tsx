import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { IconCircle } from '../components/IconCircle';
import { usePageTitle } from '../components/usePageTitle';
import { PublicLayout } from './layout/PublicLayout';

/** A centered message card inside the public layout (404, unauthorized, ...). */
export function StatusPage({
  icon,
  eyebrow,
  title,
  text,
  actions,
}: {
  icon: ReactNode;
  eyebrow?: string;
  title: string;
  text: ReactNode;
  actions: ReactNode;
}) {
  usePageTitle(title);
  return (
    <PublicLayout>
      <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', px: 2, py: { xs: 6, md: 10 } }}>
        <Card sx={{ maxWidth: 520, width: '100%', textAlign: 'center' }}>
          <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
            <IconCircle size={64} iconSize={32}>
              {icon}
            </IconCircle>
            {eyebrow && (
              <Typography sx={{ fontSize: 56, fontWeight: 800, color: 'primary.main', lineHeight: 1, mb: 1 }}>{eyebrow}</Typography>
            )}
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
              {title}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {text}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
              {actions}
            </Stack>
          </CardContent>
        </Card>
      </Box>
    </PublicLayout>
  );
}
