import ClearOutlined from '@mui/icons-material/ClearOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { SEARCH_LIMITS } from '@consulta/shared';
import type { SxProps, Theme } from '@mui/material/styles';
import { SEARCH_TEXT as T } from '../../i18n/es/search';

/** A search box: the magnifier, the text and 'Limpiar búsqueda' once something is typed. */
export function SessionSearchField({
  value,
  onChange,
  label,
  autoFocus,
  size = 'medium',
  sx,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  autoFocus?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      type="search"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={label}
      autoFocus={autoFocus}
      size={size}
      fullWidth
      // The browser's own clear button would stand beside 'Limpiar búsqueda'.
      sx={[{ '& input::-webkit-search-cancel-button': { display: 'none' } }, ...(Array.isArray(sx) ? sx : [sx])]}
      slotProps={{
        htmlInput: { 'aria-label': label, maxLength: SEARCH_LIMITS.queryMax, enterKeyHint: 'search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: value ? (
            <InputAdornment position="end">
              <IconButton size="small" aria-label={T.clear} onClick={() => onChange('')} edge="end">
                <ClearOutlined fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
