import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useFullScreenOnPhone } from './useFullScreenOnPhone';

/**
 * A full-width dialog (up to its `maxWidth`) named by its title, whose element id is `${id}-title`; with `described`,
 * also described by the element `${id}-text` inside it. `icon` stands before the title; `fullScreenOnPhone` makes
 * it take the whole screen on a phone.
 */
export function TitledDialog({
  id,
  title,
  icon,
  titleSx,
  described = false,
  fullScreenOnPhone = false,
  children,
  ...dialog
}: Omit<DialogProps, 'title' | 'id' | 'fullScreen'> & {
  id: string;
  title: ReactNode;
  icon?: ReactNode;
  /** The title's style, for a title without `icon`. */
  titleSx?: SxProps<Theme>;
  described?: boolean;
  fullScreenOnPhone?: boolean;
}) {
  const phone = useFullScreenOnPhone();
  return (
    <Dialog
      fullWidth
      fullScreen={fullScreenOnPhone && phone}
      {...dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={described ? `${id}-text` : undefined}
    >
      <DialogTitle id={`${id}-title`} sx={icon ? { display: 'flex', alignItems: 'center', gap: 1.25 } : titleSx}>
        {icon}
        {title}
      </DialogTitle>
      {children}
    </Dialog>
  );
}
