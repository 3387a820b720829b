import Box from '@mui/material/Box';
import { parseSearchQuery, searchTokens } from '@consulta/shared';
import { useMemo, type ReactNode } from 'react';

/** `text` with the words the query looks for marked, read the way the search reads them (accents, word forms). */
export function HighlightedFragment({ text, query }: { text: string; query: string }) {
  const parts = useMemo(() => {
    const wanted = new Set(parseSearchQuery(query).flat());
    const out: ReactNode[] = [];
    let at = 0;
    for (const token of searchTokens(text)) {
      if (!wanted.has(token.term)) continue;
      if (token.start > at) out.push(text.slice(at, token.start));
      out.push(
        <Box component="mark" key={token.start} sx={{ bgcolor: '#ffe9a8', color: 'inherit', fontWeight: 600, px: 0.25, borderRadius: 0.5 }}>
          {text.slice(token.start, token.end)}
        </Box>,
      );
      at = token.end;
    }
    out.push(text.slice(at));
    return out;
  }, [text, query]);
  return <>{parts}</>;
}
