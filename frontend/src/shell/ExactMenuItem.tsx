import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import type { ReactElement } from 'react';
import { NavLink } from 'react-router';
import { useSidebarState } from 'react-admin';

/**
 * A side-menu entry that is active only on its exact path (react-admin's Menu.Item matches sub-paths),
 * styled like the others. Used for a shell's home page ('Inicio' of the patient area).
 */
export function ExactMenuItem({ to, primaryText, leftIcon }: { to: string; primaryText: string; leftIcon: ReactElement }) {
  const [open] = useSidebarState();
  return (
    <MenuItem
      component={NavLink}
      to={to}
      end
      className="RaMenuItemLink-root"
      aria-label={primaryText}
      sx={{
        borderRadius: '10px',
        m: '2px 8px',
        py: '9px',
        color: '#5b6b6e',
        '& .MuiListItemIcon-root': { minWidth: 40 },
        '&.active': {
          color: '#1f5256',
          backgroundColor: 'rgba(47,111,115,0.10)',
          fontWeight: 600,
          '& .MuiListItemIcon-root': { color: '#2f6f73' },
        },
      }}
    >
      <ListItemIcon>{leftIcon}</ListItemIcon>
      {open ? primaryText : null}
    </MenuItem>
  );
}
