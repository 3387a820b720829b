import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AppBar, type AppBarProps } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { BrandLogo } from '../components/BrandLogo';
import { SHELL_TEXT } from '../i18n/es/shell';
import { useShellConfig } from './config';
import { ShellUserMenu } from './ShellUserMenu';
import { APP_BAR_ATTR } from './useAppBarCover';

/** The top bar of a shell: brand, area name, the area's own control, loading indicator and the avatar menu. */
export function ShellAppBar(props: AppBarProps) {
  const { area, home, headerAction: HeaderAction } = useShellConfig();
  return (
    <AppBar {...props} {...{ [APP_BAR_ATTR]: '' }} color="primary" elevation={0} userMenu={<ShellUserMenu />}>
      <Box
        component={RouterLink}
        to={home}
        sx={{ textDecoration: 'none', display: 'flex', alignItems: 'center' }}
        aria-label={SHELL_TEXT.homeLink}
      >
        <BrandLogo size={28} />
      </Box>
      <Typography
        variant="body2"
        sx={{ ml: 1.5, pl: 1.5, borderLeft: 1, borderColor: 'divider', color: 'text.secondary', display: { xs: 'none', sm: 'block' } }}
      >
        {area}
      </Typography>
      <Box sx={{ flex: 1 }} />
      {HeaderAction && <HeaderAction />}
    </AppBar>
  );
}
