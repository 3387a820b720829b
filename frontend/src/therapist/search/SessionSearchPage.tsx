import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import { SEARCH_TEXT as T } from '../../i18n/es/search';
import { SectionPage } from '../../shell/SectionPage';
import { SEARCH_PARAM } from './searchLinks';
import { SessionSearchField } from './SessionSearchField';
import { SessionSearchOutcome } from './SessionSearchOutcome';
import { useSearchText } from './useSearchText';

/** 'Buscar en sesiones': every patient's sessions; the query is in the address (`?q=`). */
export function SessionSearchPage() {
  const [text, setText, settled] = useSearchText(SEARCH_PARAM);
  return (
    <SectionPage title={T.field}>
      <Card>
        <Box sx={{ p: 2.5, pb: 1.5 }}>
          <SessionSearchField value={text} onChange={setText} label={T.field} autoFocus />
        </Box>
        <SessionSearchOutcome q={settled} />
      </Card>
    </SectionPage>
  );
}
