import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { TEXT } from '../i18n/es/app';

/** A calm placeholder for sections that arrive in a later release. */
export function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Card>
      <CardContent sx={{ py: 6, px: 3, textAlign: 'center' }}>
        <Box
          sx={{
            width: 56,
            height: 56,
            mx: 'auto',
            mb: 2,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgba(47, 111, 115, 0.08)',
            color: 'primary.main',
          }}
        >
          <ConstructionOutlined />
        </Box>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary">{TEXT.common.comingSoon}</Typography>
        {children}
      </CardContent>
    </Card>
  );
}
