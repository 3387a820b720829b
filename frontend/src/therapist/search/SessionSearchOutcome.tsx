import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { reportError } from '../../app/core/reportError';
import { Loading } from '../../components/LoadStates';
import { SEARCH_TEXT as T } from '../../i18n/es/search';
import { searchable, useSessionSearch } from './searchQueries';
import { SessionSearchResults } from './SessionSearchResults';

/** What a search for `q` shows: how to search, 'Buscando…', the results, or that none was found. */
export function SessionSearchOutcome({ q, pacienteId = null }: { q: string; pacienteId?: string | null }) {
  const query = q.trim();
  const search = useSessionSearch(query, pacienteId);
  useEffect(() => {
    if (search.error) reportError(search.error, T.failed);
  }, [search.error]);

  if (!searchable(query)) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2.5, py: 2 }}>
        {T.hint}
      </Typography>
    );
  }
  if (search.isError && !search.data) {
    return (
      <Typography variant="body2" color="error" sx={{ px: 2.5, py: 2 }}>
        {T.failed}
      </Typography>
    );
  }
  if (!search.data) return <Loading text={T.searching} />;
  if (search.data.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2.5, py: 2 }} role="status" data-testid="search-none">
        {T.none(query)}
      </Typography>
    );
  }
  return <SessionSearchResults results={search.data} query={search.isPlaceholderData ? '' : query} showPatient={!pacienteId} />;
}
