import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SEARCH_LIMITS, type SessionSearchResult } from '@consulta/shared';
import { Link as RouterLink } from 'react-router';
import { formatTimestamp } from '../../components/sessions/transcriptTurns';
import { SEARCH_TEXT as T } from '../../i18n/es/search';
import { formatDateEs } from '../../i18n/format';
import { sessionDetailUrl } from '../sessions/sessionLinks';
import { HighlightedFragment } from './HighlightedFragment';

const fieldLabel = (campo: string) => T.fields[campo] ?? campo;

/**
 * Search results, best first: the session (and its patient, practice-wide), where it matched, the fragment with
 * the words marked, and the moment in the transcript. Each opens its session, at that moment when there is one.
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
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2.5, pb: 1 }} role="status" data-testid="search-count">
        {results.length >= SEARCH_LIMITS.maxLimit ? T.firstResults(results.length) : T.results(results.length)}
      </Typography>
      <List aria-label={T.resultsLabel} disablePadding data-testid="search-results">
        {results.map((r) => (
          <ListItem key={`${r.sesion_id}:${r.campo}`} disablePadding divider>
            <ListItemButton
              component={RouterLink}
              to={sessionDetailUrl(r.paciente_id, r.sesion_id, r.inicio_segundos)}
              data-testid="search-result"
              sx={{ display: 'block', px: 2.5, py: 1.5 }}
            >
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
                {showPatient && (
                  <Typography variant="subtitle2" component="span" sx={{ fontWeight: 700 }}>
                    {r.paciente_nombre}
                  </Typography>
                )}
                <Typography variant="subtitle2" component="span" sx={{ fontWeight: showPatient ? 400 : 700 }}>
                  {T.session(r.numero_sesion)}
                </Typography>
                <Typography variant="body2" component="span" color="text.secondary">
                  {formatDateEs(r.fecha)}
                </Typography>
              </Stack>
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', my: 0.75 }}>
                <Chip size="small" variant="outlined" label={fieldLabel(r.campo)} />
                {r.inicio_segundos !== null && (
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'primary.main' }}>
                    <PlayCircleOutlined sx={{ fontSize: 18 }} aria-hidden />
                    <Typography variant="caption" component="span" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                      {T.at(formatTimestamp(r.inicio_segundos))}
                    </Typography>
                  </Stack>
                )}
              </Stack>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="search-fragment">
                <HighlightedFragment text={r.fragmento} query={query} />
              </Typography>
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
