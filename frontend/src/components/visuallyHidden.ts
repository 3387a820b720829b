import type { CSSProperties } from 'react';

/** Read by screen readers, not shown. A `style`, not an `sx` (where 1 would mean 100 % and -1 a spacing unit). */
export const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};
