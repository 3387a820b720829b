import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { SEARCH_TEXT as T } from '../../i18n/es/search';
import { searchPageUrl } from './searchLinks';
import { SessionSearchField } from './SessionSearchField';

/**
 * 'Buscar en sesiones' in the top bar: Enter opens the search page with what was typed. On a phone, where the bar
 * has no room for a field, a magnifier leads to that page.
 */
export function HeaderSessionSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    void navigate(searchPageUrl(text.trim()));
    setText('');
  }

  return (
    <>
      <Box component="form" role="search" onSubmit={submit} sx={{ display: { xs: 'none', md: 'block' }, width: 300, mr: 1 }}>
        <SessionSearchField value={text} onChange={setText} label={T.field} size="small" />
      </Box>
      <IconButton component={RouterLink} to={searchPageUrl('')} aria-label={T.field} sx={{ display: { xs: 'inline-flex', md: 'none' } }}>
        <SearchOutlined />
      </IconButton>
    </>
  );
}
