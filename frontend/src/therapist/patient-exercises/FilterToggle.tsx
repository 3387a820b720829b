import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';

interface FilterToggleProps<V extends string> {
  label: string;
  /** The id of a text that explains the choices. */
  describedBy?: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}

/** One exclusive filter as a row of toggle buttons (one always chosen), full width on a phone. */
export function FilterToggle<V extends string>({ label, describedBy, value, options, onChange }: FilterToggleProps<V>) {
  return (
    <ToggleButtonGroup
      exclusive
      fullWidth
      size="small"
      color="primary"
      value={value}
      aria-label={label}
      aria-describedby={describedBy}
      onChange={(_, next: V | null) => next && onChange(next)}
      sx={{ maxWidth: 480, '& .MuiToggleButton-root': { minHeight: 44, textTransform: 'none' } }}
    >
      {options.map((o) => (
        <ToggleButton key={o.value} value={o.value}>
          {o.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
