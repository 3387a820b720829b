import ButtonBase from '@mui/material/ButtonBase';
import type { ReactNode } from 'react';

const OPEN_CLASS = 'card-title-button';

/**
 * A card's title as the button that opens it. Its target stretches over the whole card (give the card
 * `position: relative` and `cardFocusRing`), so the card is clickable while the button's name stays its visible
 * title, and the card's other buttons (placed above it with a z-index) keep their own names.
 */
export function CardTitleButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <ButtonBase
      className={OPEN_CLASS}
      onClick={onClick}
      disableRipple
      sx={{
        display: 'inline',
        // Not ButtonBase's own `relative`: the target below must stretch over the card, not the title.
        position: 'static',
        font: 'inherit',
        color: 'inherit',
        textAlign: 'left',
        verticalAlign: 'baseline',
        '&::after': { content: '""', position: 'absolute', inset: 0 },
        '&:focus-visible': { outline: 'none' },
      }}
    >
      {children}
    </ButtonBase>
  );
}

/** The card's outline while its title button has the keyboard focus. */
export const cardFocusRing = {
  [`&:has(.${OPEN_CLASS}:focus-visible)`]: { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
} as const;
