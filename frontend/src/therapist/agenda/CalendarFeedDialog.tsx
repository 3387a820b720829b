import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { reportError } from '../../app/core/reportError';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { toastError, toastSuccess } from '../../components/toast/toastStore';
import { AGENDA_TEXT } from '../../i18n/es/agenda';
import { formatDateEs } from '../../i18n/format';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from './agendaQueries';
import { TitledDialog } from '../../components/TitledDialog';

const T = AGENDA_TEXT.feed;

/**
 * 'Calendario externo': a private address for Google, Outlook or Apple Calendar to subscribe to. It is shown once,
 * when made (with a copy button and how to add it); making another one, or revoking, ends the previous one.
 */
export function CalendarFeedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const status = useCalendarFeed(open);
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [askRevoke, setAskRevoke] = useState(false);
  const busy = create.isPending || revoke.isPending;

  const close = () => {
    if (busy) return;
    setUrl(null);
    onClose();
  };

  async function make() {
    try {
      setUrl((await create.mutateAsync()).url);
    } catch (error) {
      reportError(error, T.failed);
    }
  }

  async function end() {
    try {
      await revoke.mutateAsync();
      setUrl(null);
      setAskRevoke(false);
      toastSuccess(T.revoked);
    } catch (error) {
      reportError(error, T.failed);
    }
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toastSuccess(T.copied);
    } catch {
      toastError(T.copyFailed);
    }
  }

  const active = status.data?.activo ?? false;
  return (
    <TitledDialog id="calendar-feed" title={T.title} open={open} onClose={close} maxWidth="sm">
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>{T.intro}</DialogContentText>
        {url ? (
          <Stack spacing={2}>
            <Alert severity="success">{T.showOnce}</Alert>
            <TextField
              label={T.url}
              value={url}
              fullWidth
              slotProps={{
                htmlInput: { readOnly: true, onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <Tooltip title={T.copy}>
                        <IconButton aria-label={T.copy} onClick={() => void copy()} edge="end">
                          <ContentCopyOutlined />
                        </IconButton>
                      </Tooltip>
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Box>
              <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
                {T.howTo}
              </Typography>
              <Box component="ul" sx={{ pl: 2.5, m: 0, '& li': { mb: 0.5 } }}>
                <li>{T.google}</li>
                <li>{T.outlook}</li>
                <li>{T.apple}</li>
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {T.delayNote}
              </Typography>
            </Box>
          </Stack>
        ) : status.isPending ? (
          <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <CircularProgress size={18} />
            <Typography>{T.loading}</Typography>
          </Stack>
        ) : (
          <Typography data-testid="calendar-feed-status">
            {active && status.data?.creado_en ? T.active(formatDateEs(status.data.creado_en)) : T.inactive}{' '}
            {active && (
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {T.onceNote}
              </Box>
            )}
          </Typography>
        )}
      </DialogContent>
      <DialogActions disableSpacing sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        {active && (
          <Button color="error" onClick={() => setAskRevoke(true)} disabled={busy} sx={{ mr: 'auto' }}>
            {T.revoke}
          </Button>
        )}
        <Button onClick={close} color="inherit" disabled={busy}>
          {T.close}
        </Button>
        {!url && (
          <Button
            variant="contained"
            onClick={() => void make()}
            disabled={busy || status.isPending}
            startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {create.isPending ? T.creating : active ? T.createAgain : T.create}
          </Button>
        )}
      </DialogActions>
      <ConfirmDialog
        id="revoke-calendar-feed"
        open={askRevoke}
        title={T.revokeTitle}
        action={{ label: T.revoke, busyLabel: T.revoking, color: 'error' }}
        busy={revoke.isPending}
        onCancel={() => setAskRevoke(false)}
        onConfirm={() => void end()}
      >
        <DialogContentText>{T.revokeText}</DialogContentText>
      </ConfirmDialog>
    </TitledDialog>
  );
}
