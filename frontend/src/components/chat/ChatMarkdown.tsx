import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Markdown, { type Components } from 'react-markdown';

/**
 * An assistant's answer as Markdown, safely: raw HTML in it is shown as text (never parsed), link targets with a
 * dangerous protocol are dropped by react-markdown, links open apart, and images are never fetched (their
 * description is shown instead): an answer cannot run code nor call a server.
 */
const components: Components = {
  p: ({ children }) => (
    <Typography variant="body2" component="p" sx={{ my: 0.75, '&:first-of-type': { mt: 0 }, '&:last-of-type': { mb: 0 } }}>
      {children}
    </Typography>
  ),
  h1: ({ children }) => (
    <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700, mt: 1 }}>
      {children}
    </Typography>
  ),
  h2: ({ children }) => (
    <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700, mt: 1 }}>
      {children}
    </Typography>
  ),
  h3: ({ children }) => (
    <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700, mt: 1 }}>
      {children}
    </Typography>
  ),
  h4: ({ children }) => (
    <Typography variant="subtitle2" component="p" sx={{ mt: 1 }}>
      {children}
    </Typography>
  ),
  ul: ({ children }) => (
    <Box component="ul" sx={{ my: 0.5, pl: 2.5, typography: 'body2' }}>
      {children}
    </Box>
  ),
  ol: ({ children }) => (
    <Box component="ol" sx={{ my: 0.5, pl: 2.5, typography: 'body2' }}>
      {children}
    </Box>
  ),
  li: ({ children }) => (
    <Box component="li" sx={{ my: 0.25 }}>
      {children}
    </Box>
  ),
  a: ({ href, children }) => (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </Link>
  ),
  img: ({ alt }) => <>{alt}</>,
  code: ({ children }) => (
    <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.85em', bgcolor: 'rgba(0,0,0,0.06)', px: 0.5, borderRadius: 0.5 }}>
      {children}
    </Box>
  ),
  pre: ({ children }) => (
    <Box component="pre" sx={{ overflowX: 'auto', whiteSpace: 'pre-wrap', my: 0.75 }}>
      {children}
    </Box>
  ),
  blockquote: ({ children }) => (
    <Box component="blockquote" sx={{ m: 0, my: 0.75, pl: 1.5, borderLeft: 3, borderColor: 'divider' }}>
      {children}
    </Box>
  ),
};

export function ChatMarkdown({ text }: { text: string }) {
  return <Markdown components={components}>{text}</Markdown>;
}
