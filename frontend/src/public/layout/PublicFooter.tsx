import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { BrandLogo } from '../../components/BrandLogo';
import { TEXT } from '../../i18n/es/app';

export function PublicFooter() {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: '#fff', mt: 'auto' }}>
      <Container maxWidth="lg" sx={{ py: 4 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
        >
          <Box>
            <BrandLogo size={26} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {TEXT.footer.tagline}
            </Typography>
          </Box>
          <Stack direction="row" spacing={3} component="nav" aria-label={TEXT.footer.label}>
            <Link component={RouterLink} to="/" color="text.secondary">
              {TEXT.nav.home}
            </Link>
            <Link component={RouterLink} to="/features" color="text.secondary">
              {TEXT.nav.features}
            </Link>
            <Link component={RouterLink} to="/about" color="text.secondary">
              {TEXT.nav.about}
            </Link>
          </Stack>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
          {TEXT.footer.rights(new Date().getFullYear())}
        </Typography>
      </Container>
    </Box>
  );
}
