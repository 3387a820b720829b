import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { IconCircle } from './IconCircle';
import type { ReactNode } from 'react';

/** A page's whole-card message (nothing here yet, not found, could not load): an icon, a text and what to do next. */
export function MessageCard({
  icon,
  title,
  text,
  textTestId,
  children,
}: {
  icon: ReactNode;
  /** The page's heading when the message replaces the whole page. */
  title?: string;
  text: string;
  textTestId?: string;
  children?: ReactNode;
}) {
  return (
    <Card sx={{ py: 7, px: 3, textAlign: 'center' }}>
      <IconCircle>{icon}</IconCircle>
      {title && (
        <Typography variant="h6" component="h1" gutterBottom>
          {title}
        </Typography>
      )}
      <Typography color="text.secondary" data-testid={textTestId}>
        {text}
      </Typography>
      {children && <Box sx={{ mt: 3 }}>{children}</Box>}
    </Card>
  );
}
