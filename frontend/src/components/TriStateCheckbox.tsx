import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { TEXT } from '../i18n/es/app';

/** null is the indeterminate state (not asked / unknown). */
export type TriStateValue = boolean | null;

/** Click order: indeterminate → checked → unchecked → indeterminate. */
export const nextTriState = (value: TriStateValue): TriStateValue => (value === null ? true : value === true ? false : null);

/**
 * A checkbox with three states: indeterminate (null), checked (true) and unchecked (false). Each click
 * moves indeterminate → checked → unchecked → indeterminate.
 */
export function TriStateCheckbox({
  label,
  value,
  onChange,
  stateLabels = { null: TEXT.common.unspecified, true: TEXT.common.yes, false: TEXT.common.no },
  name,
}: {
  label: string;
  value: TriStateValue;
  onChange: (value: TriStateValue) => void;
  stateLabels?: { null: string; true: string; false: string };
  name?: string;
}) {
  const id = useId();
  const stateText = value === null ? stateLabels.null : value ? stateLabels.true : stateLabels.false;
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 0.5,
        p: 0.75,
        pr: 1.5,
        borderRadius: 2,
        border: 1,
        borderColor: value === null ? 'divider' : value ? 'primary.light' : 'divider',
        bgcolor: value === true ? 'rgba(47,111,115,0.05)' : 'transparent',
      }}
    >
      <Checkbox
        checked={value === true}
        indeterminate={value === null}
        onChange={() => onChange(nextTriState(value))}
        name={name}
        slotProps={{ input: { id, 'aria-describedby': `${id}-state` } as React.InputHTMLAttributes<HTMLInputElement> }}
        sx={{ p: 0.75, '&.MuiCheckbox-indeterminate': { color: 'text.disabled' } }}
      />
      <Box sx={{ pt: 0.75, flex: 1 }}>
        <Typography variant="body2" component="label" htmlFor={id} sx={{ display: 'block', cursor: 'pointer' }}>
          {label}
        </Typography>
        <Typography
          id={`${id}-state`}
          variant="caption"
          component="span"
          data-testid="tri-state"
          sx={{ color: value === null ? 'text.secondary' : value ? 'primary.main' : 'text.primary', fontWeight: 600 }}
        >
          {stateText}
        </Typography>
      </Box>
    </Box>
  );
}
