import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SEARCH_LIMITS, type SessionSearchResult } from '@consulta/shared';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatTimestamp } from '../../components/sessions/transcriptTurns';
import { SEARCH_TEXT as T } from '../../i18n/es/search';
import { formatDateEs } from '../../i18n/format';
import { sessionDetailUrl } from '../sessions/sessionLinks';
import { HighlightedFragment } from './HighlightedFragment';
import { groupBySession } from './searchGroups';

const fieldLabel = (campo: string) => T.fields[campo] ?? campo;

/** One place a session matched: the field, the moment in the transcript, the fragment with the words marked. */
function Hit({ hit, query }: { hit: SessionSearchResult; query: string }) {
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={sessionDetailUrl(hit.paciente_id, hit.sesion_id, hit.inicio_segundos, query)}
        data-testid="search-result"
        sx={{ display: 'block', px: 2.5, py: 1.25, borderRadius: 0 }}
      >
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
          <Chip size="small" variant="outlined" label={fieldLabel(hit.campo)} />
          {hit.inicio_segundos !== null && (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'primary.main' }}>
              <PlayCircleOutlined sx={{ fontSize: 18 }} aria-hidden />
              <Typography variant="caption" component="span" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                {T.at(formatTimestamp(hit.inicio_segundos))}
              </Typography>
            </Stack>
          )}
        </Stack>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="search-fragment">
          <HighlightedFragment text={hit.fragmento} query={query} />
        </Typography>
      </ListItemButton>
    </ListItem>
  );
}

/**
 * Search results grouped by session, sessions in the order of their best result: each session (and its patient,
 * practice-wide) once, then where it matched, the transcript first, each with the fragment and its words marked.
 * Each opens its session, at the transcript's moment when there is one, with the words marked in that turn.
 */
export function SessionSearchResults({
  results,
  query,
  showPatient,
}: {
  results: readonly SessionSearchResult[];
  query: string;
  showPatient: boolean;
}) {
  const groups = useMemo(() => groupBySession(results), [results]);
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2.5, pb: 1 }} role="status" data-testid="search-count">
        {results.length >= SEARCH_LIMITS.maxLimit ? T.firstResults(results.length, groups.length) : T.count(results.length, groups.length)}
      </Typography>
      <List aria-label={T.resultsLabel} disablePadding data-testid="search-results">
        {groups.map(({ session: s, hits }) => {
          const titleId = `search-group-${s.sesion_id}`;
          return (
            <ListItem key={s.sesion_id} disablePadding divider data-testid="search-group" sx={{ display: 'block', py: 1 }}>
              <Stack
                id={titleId}
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ alignItems: 'baseline', flexWrap: 'wrap', px: 2.5, pt: 0.5 }}
                data-testid="search-group-title"
              >
                {showPatient && (
                  <Typography variant="subtitle2" component="span" sx={{ fontWeight: 700 }}>
                    {s.paciente_nombre}
                  </Typography>
                )}
                <Typography variant="subtitle2" component="span" sx={{ fontWeight: showPatient ? 400 : 700 }}>
                  {T.session(s.numero_sesion)}
                </Typography>
                <Typography variant="body2" component="span" color="text.secondary">
                  {formatDateEs(s.fecha)}
                </Typography>
              </Stack>
              <List disablePadding aria-labelledby={titleId}>
                {hits.map((hit) => (
                  <Hit key={hit.campo} hit={hit} query={query} />
                ))}
              </List>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
