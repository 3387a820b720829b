import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * The rounded, tinted square that holds a card's icon (or a number); `highlight` fills it with the brand colour.
 * `aria-hidden` when what it shows is said beside it.
 */
export function IconBadge({
  children,
  highlight = false,
  sx,
  'aria-hidden': ariaHidden,
}: {
  children: ReactNode;
  highlight?: boolean;
  sx?: SxProps<Theme>;
  'aria-hidden'?: boolean;
}) {
  return (
    <Box
      aria-hidden={ariaHidden}
      sx={[
        {
          width: 44,
          height: 44,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          flexShrink: 0,
          bgcolor: highlight ? 'primary.main' : 'rgba(47,111,115,0.1)',
          color: highlight ? 'primary.contrastText' : 'primary.main',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
