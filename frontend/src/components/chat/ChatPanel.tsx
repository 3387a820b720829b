import SendRounded from '@mui/icons-material/SendRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { CHAT_LIMITS } from '@consulta/shared';
import { useEffect, useRef, useState } from 'react';
import { AI_CHAT_SCREEN_TEXT } from '../../i18n/es/ai-chat';
import { ChatBubble } from './ChatBubble';
import { canSend, isSendKey, messageProblem, type ChatSend } from './chatLogic';
import { useChat } from './useChat';

const T = AI_CHAT_SCREEN_TEXT.widget;
const PHONE_QUERY = '(max-width:599.95px)';

export interface ChatPanelProps {
  /** The assistant's first message (shown, never sent back as history). */
  greeting: string;
  send: ChatSend;
  /** A failed question, after its apology bubble is shown. */
  onError?: (error: unknown) => void;
  /** Why the assistant cannot be asked (no AI provider): said in place of the input. */
  unavailable?: string | null;
  /** Height of the whole widget from 600 px wide (400 px); on a phone the conversation grows with the page. */
  height?: number;
}

/**
 * A chat with an assistant: the conversation (a live log that follows the answer as it is written) and the input
 * (Enter sends, Shift+Enter adds a line; blank or too long messages are not sent). From 600 px wide it is a box
 * whose conversation scrolls inside; on a phone the conversation is part of the page and the input stays at the
 * bottom of the screen while the page scrolls (a box inside a small screen leaves little to read and traps the
 * finger's scrolling).
 */
export function ChatPanel({ greeting, send, onError, unavailable, height = 400 }: ChatPanelProps) {
  const { entries, busy, ask } = useChat({ send, onError });
  const [text, setText] = useState('');
  const [openedAt] = useState(() => new Date().toISOString());
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  const log = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLDivElement>(null);
  // Follows the conversation; the greeting alone is read from its start.
  useEffect(() => {
    if (entries.length === 0) return;
    if (!phone) {
      if (log.current) log.current.scrollTop = log.current.scrollHeight;
      return;
    }
    // The page scrolls: bring the conversation's end just above the input that covers the screen's bottom.
    const bottom = end.current?.getBoundingClientRect().bottom;
    const covered = input.current?.getBoundingClientRect().height ?? 0;
    if (bottom !== undefined && bottom > window.innerHeight - covered) window.scrollBy({ top: bottom - (window.innerHeight - covered) });
  }, [entries, phone]);

  const problem = messageProblem(text);
  const submit = () => {
    if (!canSend(text, busy)) return;
    void ask(text);
    setText('');
  };

  return (
    <Box
      data-testid="chat-panel"
      sx={{
        height: phone ? 'auto' : height,
        display: 'flex',
        flexDirection: 'column',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
        minWidth: 0,
      }}
    >
      <Box
        ref={log}
        role="log"
        aria-label={T.log}
        aria-live="polite"
        aria-busy={busy}
        tabIndex={phone ? undefined : 0}
        sx={phone ? { p: 1.5, minHeight: 160 } : { flex: 1, overflowY: 'auto', p: 2 }}
      >
        <ChatBubble entry={{ id: 0, role: 'assistant', content: greeting, timestamp: openedAt }} />
        {entries.map((entry) => (
          <ChatBubble key={entry.id} entry={entry} />
        ))}
        <div ref={end} />
      </Box>
      {!phone && <Divider />}
      {unavailable ? (
        <Alert severity="info" sx={{ m: 1.5 }}>
          {unavailable}
        </Alert>
      ) : (
        <Box
          ref={input}
          component="form"
          noValidate
          data-testid="chat-input-bar"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          sx={
            phone
              ? {
                  position: 'sticky',
                  bottom: 0,
                  zIndex: 1,
                  p: 1.5,
                  pb: 'calc(12px + env(safe-area-inset-bottom, 0px))',
                  bgcolor: 'background.paper',
                  borderTop: 1,
                  borderColor: 'divider',
                  borderRadius: '0 0 8px 8px',
                  boxShadow: '0 -4px 12px rgba(15, 23, 42, 0.06)',
                }
              : { p: 1.5, pb: 0.75 }
          }
        >
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              multiline
              maxRows={5}
              size="small"
              value={text}
              placeholder={T.placeholder}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (!isSendKey(event)) return;
                event.preventDefault();
                submit();
              }}
              error={problem !== null}
              helperText={
                problem ?? (text.length > CHAT_LIMITS.messageMax * 0.9 ? T.counter(text.length, CHAT_LIMITS.messageMax) : undefined)
              }
              slotProps={{ htmlInput: { 'aria-label': T.inputLabel } }}
              sx={{ flex: 1, minWidth: 0 }}
            />
            <IconButton
              type="submit"
              color="primary"
              aria-label={T.send}
              disabled={!canSend(text, busy)}
              sx={{ width: 44, height: 44, flexShrink: 0 }}
            >
              <SendRounded />
            </IconButton>
          </Box>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.25, display: { xs: 'none', sm: 'block' } }}>
            {T.keysHint}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
