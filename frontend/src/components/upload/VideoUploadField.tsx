import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG, acceptAttribute, fillMessage } from '@consulta/shared';
import { useEffect, useId, useRef, type ChangeEvent } from 'react';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import { toast, toastError } from '../toast/toastStore';
import type { UploadCalls } from './uploadCalls';
import type { UploadControllerOptions, UploadedFile, UploadSnapshot } from './UploadController';
import { formatBytes } from '../../i18n/format';
import { formatPercent, formatSpeed, formatTimeLeft } from './uploadLogic';
import { useUpload } from './useUpload';

const T = WORKSPACE_TEXT.upload;

/** Percent, speed and time left in one line ('46 % · 12,3 MB/s · Quedan 20 s'). */
function ProgressLine({ snapshot }: { snapshot: UploadSnapshot }) {
  const parts = [formatPercent(snapshot.percent)];
  if (snapshot.phase === 'uploading') {
    const speed = formatSpeed(snapshot.speed);
    if (speed) parts.push(speed);
    parts.push(snapshot.percent >= 100 ? T.finishing : formatTimeLeft(snapshot.secondsLeft));
  }
  return (
    <Typography variant="caption" color="text.secondary" data-testid="upload-progress-text" sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {parts.join(' · ')}
    </Typography>
  );
}

/**
 * A session video's upload: choose a file (checked with the shared rules, refused with
 * the spec's message), then a progress bar with percent, speed and time left, 'Cancelar', and 'Reintentar' after
 * a dropped connection or a failure. The calls come from the caller (the app's data provider); `onUploaded` gets
 * the stored file's key. A final failure is toasted as 'Error en la subida' / 'Error al subir el video: {reason}'.
 */
export function VideoUploadField({
  calls,
  customPath,
  disabled,
  onUploaded,
  onBusyChange,
  onStarted,
  options,
}: {
  calls: UploadCalls;
  /** Where the file goes in the caller's space (UPLOAD_PATHS.sessionVideo(pacienteId)). */
  customPath: string;
  disabled?: boolean;
  onUploaded: (file: UploadedFile) => void;
  /** Told when an upload starts and ends (the session cannot be saved meanwhile). */
  onBusyChange?: (busy: boolean) => void;
  /** The file whose upload has just started (the caller may read it meanwhile: its length...). */
  onStarted?: (file: File) => void;
  options?: UploadControllerOptions;
}) {
  const { snapshot, controller } = useUpload(
    calls,
    {
      uploaded: onUploaded,
      failed: (reason) => toastError(MSG.storage.uploadFailed, fillMessage(MSG.storage.videoUploadFailed, { reason })),
      cancelled: () => toast({ title: MSG.storage.uploadAborted, variant: 'info' }),
    },
    options,
  );
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const { phase } = snapshot;
  const busy = phase === 'uploading' || phase === 'interrupted';

  const busyChange = useRef(onBusyChange);
  useEffect(() => {
    busyChange.current = onBusyChange;
  });
  useEffect(() => {
    busyChange.current?.(busy);
  }, [busy]);
  useEffect(() => () => busyChange.current?.(false), []);

  // Leaving the page stops the upload: the browser asks first.
  useEffect(() => {
    if (!busy) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = T.leaveWarning;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file && controller?.start(file, customPath)) onStarted?.(file);
  };

  const picker = (
    <input
      ref={inputRef}
      id={inputId}
      type="file"
      hidden
      accept={acceptAttribute('video')}
      onChange={choose}
      disabled={disabled || busy || !controller}
      data-testid="video-file-input"
    />
  );

  if (phase === 'idle') {
    return (
      <Box>
        {picker}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{
            alignItems: { xs: 'flex-start', sm: 'center' },
            border: 1,
            borderStyle: 'dashed',
            borderColor: 'divider',
            borderRadius: 2,
            p: 2,
          }}
        >
          <VideocamOutlined color="action" sx={{ display: { xs: 'none', sm: 'block' } }} />
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 0 }}>
            {T.hint}
          </Typography>
          <Button
            variant="outlined"
            startIcon={<CloudUploadOutlined />}
            disabled={disabled || !controller}
            onClick={() => inputRef.current?.click()}
            sx={{ flexShrink: 0 }}
          >
            {T.choose}
          </Button>
        </Stack>
        {snapshot.invalid && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {snapshot.invalid}
          </Alert>
        )}
      </Box>
    );
  }

  const name = snapshot.fileName ?? '';
  return (
    <Box data-testid="video-upload" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, minWidth: 0 }}>
      {picker}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between', minWidth: 0, mb: 1 }}>
        <Typography
          variant="body2"
          sx={{ fontWeight: 600, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          title={name}
        >
          {name}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
          {formatBytes(snapshot.fileSize, { rounded: true })}
        </Typography>
      </Stack>
      {phase !== 'failed' && (
        <>
          <LinearProgress
            variant="determinate"
            value={snapshot.percent}
            aria-label={T.progressLabel}
            aria-valuetext={formatPercent(snapshot.percent)}
            color={phase === 'interrupted' ? 'warning' : phase === 'done' ? 'success' : 'primary'}
            sx={{ height: 8, borderRadius: 4 }}
          />
          <Stack
            direction="row"
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mt: 0.75 }}
          >
            <ProgressLine snapshot={snapshot} />
            {phase === 'uploading' && snapshot.route === 'proxy' && (
              <Typography variant="caption" color="text.secondary">
                {T.viaServer}
              </Typography>
            )}
          </Stack>
        </>
      )}
      {phase === 'interrupted' && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {T.interrupted}
        </Alert>
      )}
      {phase === 'failed' && snapshot.reason && (
        <Alert severity="error">{fillMessage(MSG.storage.videoUploadFailed, { reason: snapshot.reason })}</Alert>
      )}
      {phase !== 'done' && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', mt: 1.5 }}>
          {(phase === 'interrupted' || phase === 'failed') && (
            <Button size="small" variant="contained" onClick={() => controller?.retry()} disabled={disabled}>
              {T.retry}
            </Button>
          )}
          {phase === 'failed' ? (
            <Button size="small" onClick={() => controller?.clear()}>
              {T.chooseAnother}
            </Button>
          ) : (
            <Button size="small" color="inherit" onClick={() => controller?.cancel()} aria-label={T.cancelLabel(name)}>
              {T.cancel}
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}
