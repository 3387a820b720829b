import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { BrandLogo } from '../../components/BrandLogo';
import { TEXT } from '../../i18n/es/app';

/** Split screen for the sign-in and password pages: a calm brand panel (aside) and the form (main). */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' }, bgcolor: 'background.default' }}>
      <Box
        component="aside"
        aria-label={TEXT.brand}
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'space-between',
          p: 6,
          color: '#fff',
          background: 'linear-gradient(160deg, #1f5256 0%, #2f6f73 55%, #4d8c88 100%)',
          position: 'relative',
          overflow: 'hidden',
        }}
      >
        <Box component={RouterLink} to="/" sx={{ textDecoration: 'none', alignSelf: 'flex-start' }} aria-label={TEXT.nav.homeLink}>
          <BrandLogo size={34} inverted />
        </Box>
        <Box sx={{ maxWidth: 440, position: 'relative', zIndex: 1 }}>
          <Typography variant="h4" component="p" sx={{ fontWeight: 700, lineHeight: 1.25, mb: 3 }}>
            {TEXT.login.brandTitle}
          </Typography>
          <Stack spacing={1.5}>
            {TEXT.login.brandPoints.map((point) => (
              <Stack key={point} direction="row" spacing={1.25} sx={{ alignItems: 'flex-start' }}>
                <CheckCircleOutlined sx={{ color: '#a7d8d0', mt: '2px' }} fontSize="small" />
                <Typography sx={{ opacity: 0.92 }}>{point}</Typography>
              </Stack>
            ))}
          </Stack>
        </Box>
        <Typography variant="body2" sx={{ opacity: 0.7 }}>
          {TEXT.footer.rights(new Date().getFullYear())}
        </Typography>
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            width: 420,
            height: 420,
            borderRadius: '50%',
            right: -160,
            top: -120,
            background: 'radial-gradient(circle, rgba(167,216,208,0.25) 0%, rgba(167,216,208,0) 70%)',
          }}
        />
      </Box>
      <Box
        component="main"
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          p: { xs: 2, sm: 4 },
          py: { xs: 3, sm: 6 },
        }}
      >
        <Box sx={{ display: { xs: 'flex', md: 'none' }, mb: 3 }}>
          <Box component={RouterLink} to="/" sx={{ textDecoration: 'none' }} aria-label={TEXT.nav.homeLink}>
            <BrandLogo size={32} />
          </Box>
        </Box>
        <Box sx={{ width: '100%', maxWidth: 460 }}>{children}</Box>
      </Box>
    </Box>
  );
}
