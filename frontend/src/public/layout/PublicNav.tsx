import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_BREAKPOINT_PX } from '@consulta/shared';
import { useState } from 'react';
import { Link as RouterLink, NavLink, useLocation } from 'react-router';
import { BrandLogo } from '../../components/BrandLogo';
import { useAuth } from '../../app/auth/AuthContext';
import { pictureOf } from '../../app/core/session';
import { dashboardPath } from '../../app/routesConfig';
import { TEXT } from '../../i18n/es/app';

const LINKS = [
  { to: '/', label: TEXT.nav.home },
  { to: '/features', label: TEXT.nav.features },
  { to: '/about', label: TEXT.nav.about },
];

export const MOBILE_QUERY = `(max-width:${MOBILE_BREAKPOINT_PX - 0.02}px)`;

/** Top navigation of the public pages: links, then sign-in or the signed-in variant. */
export function PublicNav() {
  const { user, logout } = useAuth();
  const isMobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const picture = user ? pictureOf(user) : null;

  const avatar = user && (
    <Avatar src={picture ?? undefined} alt={user.name} sx={{ width: 36, height: 36, bgcolor: 'primary.light' }}>
      <PersonOutlined fontSize="small" />
    </Avatar>
  );

  return (
    <AppBar position="sticky" color="primary" elevation={0} sx={{ bgcolor: 'rgba(255,255,255,0.92)', backdropFilter: 'blur(8px)' }}>
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ minHeight: { xs: 64 }, gap: 2 }}>
          <Box component={RouterLink} to="/" aria-label={TEXT.nav.homeLink} sx={{ textDecoration: 'none', display: 'flex' }}>
            <BrandLogo size={32} />
          </Box>
          <Box sx={{ flex: 1 }} />
          {!isMobile && (
            <>
              <Stack component="nav" aria-label={TEXT.nav.main} direction="row" spacing={0.5}>
                {LINKS.map((link) => (
                  <Button
                    key={link.to}
                    component={NavLink}
                    to={link.to}
                    end
                    color="inherit"
                    sx={{
                      color: 'text.secondary',
                      '&.active': { color: 'primary.main', bgcolor: 'rgba(47,111,115,0.08)' },
                    }}
                  >
                    {link.label}
                  </Button>
                ))}
              </Stack>
              <Divider orientation="vertical" flexItem sx={{ my: 2 }} />
              {user ? (
                <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
                  {avatar}
                  <Button variant="outlined" onClick={() => logout()}>
                    {TEXT.nav.logout}
                  </Button>
                  <Button variant="contained" component={RouterLink} to={dashboardPath(user.role)}>
                    {TEXT.nav.dashboard}
                  </Button>
                </Stack>
              ) : (
                <Button variant="contained" component={RouterLink} to="/login">
                  {TEXT.nav.login}
                </Button>
              )}
            </>
          )}
          {isMobile && (
            <IconButton edge="end" aria-label={TEXT.nav.openMenu} onClick={() => setOpen(true)}>
              <MenuIcon />
            </IconButton>
          )}
        </Toolbar>
      </Container>
      <Drawer
        anchor="right"
        open={isMobile && open}
        onClose={() => setOpen(false)}
        // The drawer is a dialog: it needs a name.
        slotProps={{ paper: { 'aria-label': TEXT.nav.menu } }}
      >
        <Box sx={{ width: 290, p: 2, display: 'flex', flexDirection: 'column', height: '100%' }} role="presentation">
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
            <BrandLogo size={28} />
            <IconButton aria-label={TEXT.nav.closeMenu} onClick={() => setOpen(false)}>
              <CloseIcon />
            </IconButton>
          </Stack>
          {user && (
            <Stack
              direction="row"
              spacing={1.5}
              sx={{ alignItems: 'center', p: 1.5, my: 1, borderRadius: 2, bgcolor: 'background.default' }}
            >
              {avatar}
              <Typography sx={{ fontWeight: 600 }} noWrap>
                {user.name}
              </Typography>
            </Stack>
          )}
          <List component="nav" aria-label={TEXT.nav.main}>
            {LINKS.map((link) => (
              <ListItemButton
                key={link.to}
                component={RouterLink}
                to={link.to}
                selected={location.pathname === link.to}
                onClick={() => setOpen(false)}
                sx={{ borderRadius: 2 }}
              >
                <ListItemText primary={link.label} />
              </ListItemButton>
            ))}
          </List>
          <Box sx={{ flex: 1 }} />
          <Stack spacing={1}>
            {user ? (
              <>
                <Button variant="contained" component={RouterLink} to={dashboardPath(user.role)} onClick={() => setOpen(false)}>
                  {TEXT.nav.dashboard}
                </Button>
                <Button
                  variant="outlined"
                  onClick={() => {
                    setOpen(false);
                    logout();
                  }}
                >
                  {TEXT.nav.logout}
                </Button>
              </>
            ) : (
              <Button variant="contained" component={RouterLink} to="/login" onClick={() => setOpen(false)}>
                {TEXT.nav.login}
              </Button>
            )}
          </Stack>
        </Box>
      </Drawer>
    </AppBar>
  );
}
