import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem, { type MenuItemProps } from '@mui/material/MenuItem';
import type { ReactNode } from 'react';

/**
 * An entry of a card's menu: its icon, then its label; `danger` (delete) in the error colour, icon included. The
 * other props reach the MenuItem (the menu sets focus and tab order through them).
 */
export function MenuAction({ icon, label, danger = false, ...item }: MenuItemProps & { icon: ReactNode; label: string; danger?: boolean }) {
  return (
    <MenuItem {...item} sx={danger ? { color: 'error.main' } : undefined}>
      <ListItemIcon sx={danger ? { color: 'inherit' } : undefined}>{icon}</ListItemIcon>
      {label}
    </MenuItem>
  );
}
