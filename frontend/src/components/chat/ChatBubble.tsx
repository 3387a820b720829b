import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { formatDateEs } from '../../i18n/format';
import { AI_CHAT_SCREEN_TEXT } from '../../i18n/es/ai-chat';
import type { ChatEntry } from './chatLogic';
import { ChatMarkdown } from './ChatMarkdown';
import { visuallyHidden } from '../visuallyHidden';

const T = AI_CHAT_SCREEN_TEXT.widget;
/** Sessions named under an answer before the rest are counted. */
const SOURCES_SHOWN = 5;

/** Read by screen readers only. */

const time = (iso: string) => new Date(iso).toLocaleTimeString('es-ES', { hour: '2-digit', minute: '2-digit' });

function Sources({ entry }: { entry: ChatEntry }) {
  const sources = entry.sources ?? [];
  if (sources.length === 0) return null;
  const named = sources.slice(0, SOURCES_SHOWN).map((s) => T.source(s.numero_sesion, formatDateEs(s.fecha)));
  const rest = sources.length - named.length;
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.75 }} data-testid="chat-sources">
      {T.sources} {named.join(', ')}
      {rest > 0 ? ` ${T.moreSources(rest)}` : ''}
    </Typography>
  );
}

/** One message: the person's on the right, the assistant's on the left as Markdown, with the sessions it drew on. */
export function ChatBubble({ entry }: { entry: ChatEntry }) {
  const mine = entry.role === 'user';
  const waiting = entry.streaming && entry.content === '';
  return (
    <Box
      data-testid={mine ? 'chat-user-message' : 'chat-assistant-message'}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start', mb: 1.5 }}
    >
      <Box
        sx={{
          maxWidth: { xs: '92%', sm: '82%' },
          px: 1.75,
          py: 1.25,
          borderRadius: 2,
          borderTopRightRadius: mine ? 4 : undefined,
          borderTopLeftRadius: mine ? undefined : 4,
          bgcolor: mine ? 'primary.main' : entry.failed ? '#fdf1f0' : '#f1f5f5',
          color: mine ? 'primary.contrastText' : 'text.primary',
          border: entry.failed ? '1px solid #f0c9c5' : 'none',
          overflowWrap: 'anywhere',
        }}
      >
        <Box component="span" style={visuallyHidden}>
          {`${mine ? T.you : T.assistant}: `}
        </Box>
        {mine ? (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {entry.content}
          </Typography>
        ) : waiting ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
            <CircularProgress size={14} color="inherit" />
            <Typography variant="body2">{T.writing}</Typography>
          </Box>
        ) : (
          <ChatMarkdown text={entry.content} />
        )}
        {!mine && <Sources entry={entry} />}
      </Box>
      {!waiting && (
        <Typography variant="caption" color="text.secondary" sx={{ mt: 0.25, px: 0.5 }}>
          {time(entry.timestamp)}
        </Typography>
      )}
    </Box>
  );
}
