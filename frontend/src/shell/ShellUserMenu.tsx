import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../app/auth/AuthContext';
import { pictureOf } from '../app/core/session';
import { TEXT } from '../i18n/es/app';
import { SHELL_TEXT } from '../i18n/es/shell';
import { initialsOf } from '../i18n/format';
import { useShellConfig } from './config';

/** The avatar menu of both shells: view profile, change the password (patients: therapists use Google) and log out. */
export function ShellUserMenu() {
  const { profilePath, passwordChange, logoutFailed } = useShellConfig();
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!user) return null;
  const picture = pictureOf(user);
  return (
    <>
      <Tooltip title={SHELL_TEXT.account}>
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={SHELL_TEXT.userMenu(initialsOf(user.name))}
          aria-haspopup="true"
          aria-controls={anchor ? 'shell-user-menu' : undefined}
          sx={{ ml: 1, mr: { xs: 0.5, sm: 1.5 } }}
        >
          <Avatar
            src={picture ?? undefined}
            alt={user.name}
            sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 15, fontWeight: 700 }}
          >
            {initialsOf(user.name)}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        id="shell-user-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
        disableScrollLock
      >
        <Box sx={{ px: 2, py: 1.25 }}>
          <Typography sx={{ fontWeight: 700 }} noWrap>
            {user.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            navigate(profilePath);
          }}
        >
          <ListItemIcon>
            <AccountCircleOutlined fontSize="small" />
          </ListItemIcon>
          {SHELL_TEXT.viewProfile}
        </MenuItem>
        {passwordChange && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              navigate('/change-password');
            }}
          >
            <ListItemIcon>
              <LockResetOutlined fontSize="small" />
            </ListItemIcon>
            {TEXT.changePassword.title}
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            logout(logoutFailed);
          }}
        >
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          {TEXT.nav.logout}
        </MenuItem>
      </Menu>
    </>
  );
}
