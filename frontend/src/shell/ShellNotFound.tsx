import ExploreOffOutlined from '@mui/icons-material/ExploreOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { SHELL_TEXT } from '../i18n/es/shell';
import { useShellConfig } from './config';

const T = SHELL_TEXT.notFound;

/** Unknown path inside a shell: the not-found message, with the shell around it. */
export function ShellNotFound() {
  const { home } = useShellConfig();
  return (
    <Card sx={{ py: 7, px: 3, textAlign: 'center' }}>
      <Box sx={{ color: 'primary.main', mb: 1 }}>
        <ExploreOffOutlined sx={{ fontSize: 40 }} />
      </Box>
      <Typography sx={{ fontSize: 40, fontWeight: 800, color: 'primary.main', lineHeight: 1 }}>404</Typography>
      <Typography variant="h6" component="h1" sx={{ mt: 1 }}>
        {T.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {T.text}
      </Typography>
      <Button variant="contained" component={RouterLink} to={home}>
        {T.back}
      </Button>
    </Card>
  );
}
