import SendRounded from '@mui/icons-material/SendRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CHAT_LIMITS } from '@consulta/shared';
import { useEffect, useRef, useState } from 'react';
import { AI_CHAT_SCREEN_TEXT } from '../../i18n/es/ai-chat';
import { ChatBubble } from './ChatBubble';
import { canSend, isSendKey, messageProblem, type ChatSend } from './chatLogic';
import { useChat } from './useChat';

const T = AI_CHAT_SCREEN_TEXT.widget;

export interface ChatPanelProps {
  /** The assistant's first message (shown, never sent back as history). */
  greeting: string;
  send: ChatSend;
  /** A failed question, after its apology bubble is shown. */
  onError?: (error: unknown) => void;
  /** Why the assistant cannot be asked (no AI provider): said in place of the input. */
  unavailable?: string | null;
  /** Height of the whole widget (400 px). */
  height?: number;
}

/**
 * A chat with an assistant: the conversation (a live log that follows the answer as it is written) and the input
 * (Enter sends, Shift+Enter adds a line; blank or too long messages are not sent).
 */
export function ChatPanel({ greeting, send, onError, unavailable, height = 400 }: ChatPanelProps) {
  const { entries, busy, ask } = useChat({ send, onError });
  const [text, setText] = useState('');
  const [openedAt] = useState(() => new Date().toISOString());
  const log = useRef<HTMLDivElement>(null);
  // Follows the conversation; the greeting alone is read from its start.
  useEffect(() => {
    if (log.current && entries.length > 0) log.current.scrollTop = log.current.scrollHeight;
  }, [entries]);

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
        height,
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
        tabIndex={0}
        sx={{ flex: 1, overflowY: 'auto', p: { xs: 1.5, sm: 2 } }}
      >
        <ChatBubble entry={{ id: 0, role: 'assistant', content: greeting, timestamp: openedAt }} />
        {entries.map((entry) => (
          <ChatBubble key={entry.id} entry={entry} />
        ))}
      </Box>
      <Divider />
      {unavailable ? (
        <Alert severity="info" sx={{ m: 1.5 }}>
          {unavailable}
        </Alert>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          sx={{ p: 1.5, pb: { xs: 1.5, sm: 0.75 } }}
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
