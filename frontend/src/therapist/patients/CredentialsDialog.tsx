import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { toastError } from '../../components/toast/toastStore';
import { PATIENTS_TEXT } from '../../i18n/es/patients';

const T = PATIENTS_TEXT.credentials;

export interface CreatedCredentials {
  patientId: string;
  name: string;
  email: string;
  temporary_password: string;
}

function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toastError(T.copyFailed);
    }
  }
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          mt: 0.5,
          pl: 1.75,
          pr: 0.5,
          py: 0.5,
          borderRadius: 2,
          bgcolor: 'background.default',
          border: 1,
          borderColor: 'divider',
        }}
      >
        <Typography
          data-testid={testId}
          sx={{ flex: 1, fontFamily: '"DejaVu Sans Mono", "Liberation Mono", monospace', fontSize: 15, wordBreak: 'break-all' }}
        >
          {value}
        </Typography>
        <Tooltip title={copied ? T.copied : T.copy(label)}>
          <IconButton onClick={copy} aria-label={T.copy(label)} color={copied ? 'success' : 'default'}>
            {copied ? <CheckIcon fontSize="small" /> : <ContentCopyOutlined fontSize="small" />}
          </IconButton>
        </Tooltip>
      </Stack>
    </Box>
  );
}

/**
 * Shows the temporary password once. Neither an outside click nor Escape closes it: only 'Entendido', which also
 * refreshes the list, or 'Abrir ficha del paciente', which goes on to the new record.
 */
export function CredentialsDialog({
  credentials,
  onAcknowledge,
  onOpenRecord,
}: {
  credentials: CreatedCredentials | null;
  onAcknowledge: () => void;
  onOpenRecord: (patientId: string) => void;
}) {
  return (
    <Dialog
      open={Boolean(credentials)}
      onClose={() => undefined}
      maxWidth="xs"
      fullWidth
      aria-labelledby="credentials-title"
      aria-describedby="credentials-text"
    >
      {credentials && (
        <>
          <DialogTitle id="credentials-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
            <KeyOutlined color="primary" />
            {T.title}
          </DialogTitle>
          <DialogContent>
            <Typography id="credentials-text" color="text.secondary" sx={{ mb: 2 }}>
              {T.share(credentials.name)}
            </Typography>
            <Stack spacing={2}>
              <CopyRow label={T.email} value={credentials.email} testId="credentials-email" />
              <CopyRow label={T.password} value={credentials.temporary_password} testId="credentials-password" />
            </Stack>
            <Alert severity="warning" sx={{ mt: 2.5 }}>
              {T.once}
            </Alert>
          </DialogContent>
          <DialogActions
            sx={{ px: 3, pb: 2.5, flexDirection: 'column', alignItems: 'stretch', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}
          >
            <Button
              variant="contained"
              onClick={() => onOpenRecord(credentials.patientId)}
              fullWidth
              size="large"
              startIcon={<AssignmentIndOutlined />}
            >
              {T.openRecord}
            </Button>
            <Button variant="outlined" onClick={onAcknowledge} fullWidth size="large">
              {T.done}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
