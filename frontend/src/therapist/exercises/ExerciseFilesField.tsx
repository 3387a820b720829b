import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EXERCISE_LIMITS, MSG, UPLOAD_PATHS, acceptAttribute, checkUpload, fileNameOfKey } from '@consulta/shared';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { reportError } from '../../app/core/reportError';
import { FileTypeChip } from '../../components/exercises/ExerciseChips';
import { toastError } from '../../components/toast/toastStore';
import type { UploadCalls } from '../../components/upload/uploadCalls';
import { formatPercent } from '../../components/upload/uploadLogic';
import { formatBytes } from '../../i18n/format';
import { useUpload } from '../../components/upload/useUpload';
import { EXERCISE_BANK_TEXT } from '../../i18n/es/exercise-bank';

const T = EXERCISE_BANK_TEXT.exerciseForm;

interface Pending {
  id: number;
  file: File;
}

const rowSx = {
  display: 'flex',
  alignItems: 'center',
  gap: 1,
  minWidth: 0,
  border: 1,
  borderColor: 'divider',
  borderRadius: 1.5,
  px: 1.5,
  py: 1,
} as const;

/** One chosen file on its way to storage: progress, and on failure its reason with 'Reintentar'. */
function UploadRow({
  file,
  calls,
  onDone,
  onRemove,
}: {
  file: File;
  calls: UploadCalls;
  onDone: (key: string) => void;
  onRemove: () => void;
}) {
  const { snapshot, controller } = useUpload(
    calls,
    { uploaded: (f) => onDone(f.fileKey), failed: (reason) => toastError(MSG.storage.uploadFailed, reason) },
    { kind: 'exercise' },
  );
  const started = useRef(false);
  useEffect(() => {
    if (controller && !started.current) {
      started.current = true;
      controller.start(file, UPLOAD_PATHS.exerciseFiles);
    }
  }, [controller, file]);

  const failed = snapshot.phase === 'failed';
  return (
    <Box component="li" sx={{ ...rowSx, flexWrap: 'wrap' }} data-testid="exercise-file-upload">
      <FileTypeChip fileName={file.name} />
      <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {file.name}{' '}
        <Typography component="span" variant="caption" color="text.secondary">
          ({formatBytes(file.size, { rounded: true })})
        </Typography>
      </Typography>
      {failed && (
        <Button size="small" onClick={() => controller?.retry()}>
          {T.retryUpload}
        </Button>
      )}
      <IconButton size="small" aria-label={T.cancelUpload(file.name)} onClick={onRemove}>
        <CloseOutlined fontSize="small" />
      </IconButton>
      <Box sx={{ flexBasis: '100%' }}>
        {failed ? (
          <Typography variant="caption" color="error">
            {snapshot.reason ?? snapshot.invalid}
          </Typography>
        ) : (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <LinearProgress
              variant="determinate"
              value={snapshot.percent}
              aria-label={`${T.uploading} ${file.name}`}
              sx={{ flex: 1, height: 6, borderRadius: 3 }}
            />
            <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatPercent(snapshot.percent)}
            </Typography>
          </Stack>
        )}
      </Box>
    </Box>
  );
}

interface ExerciseFilesFieldProps {
  calls: UploadCalls;
  /** The exercise's files (storage keys), in order. */
  value: string[];
  /** Gets the change to make to the list (uploads finish while the form changes). */
  onChange: (update: (keys: string[]) => string[]) => void;
  /** Told while files are uploading (the exercise cannot be saved meanwhile). */
  onBusyChange: (busy: boolean) => void;
  /** Deletes a stored file (DELETE /aws-s3/delete-file). */
  deleteFile: (fileKey: string) => Promise<unknown>;
  disabled?: boolean;
}

/**
 * An exercise's material: several files, each checked with the shared rules (the spec's messages) and
 * uploaded at once through the storage calls, 500 MB each, 10 at most. A file uploaded here and taken off again is
 * deleted at once ('No se pudo eliminar el archivo...' when that fails, and it stays listed); one the saved
 * exercise has leaves it on saving (the storage sweep deletes an unreferenced file a day later).
 */
export function ExerciseFilesField({ calls, value, onChange, onBusyChange, deleteFile, disabled }: ExerciseFilesFieldProps) {
  const [pending, setPending] = useState<Pending[]>([]);
  // Uploaded in this form (nothing else refers to them yet), and those being deleted.
  const uploadedHere = useRef(new Set<string>());
  const [deleting, setDeleting] = useState<string[]>([]);
  const [refusals, setRefusals] = useState<string[]>([]);
  const nextId = useRef(0);
  const inputRef = useRef<HTMLInputElement>(null);

  const busy = pending.length > 0;
  useEffect(() => {
    onBusyChange(busy);
  }, [busy, onBusyChange]);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const messages: string[] = [];
    const room = EXERCISE_LIMITS.filesMax - value.length - pending.length;
    const accepted: Pending[] = [];
    for (const file of files) {
      const check = checkUpload('exercise', file.name, file.type, file.size);
      if (check.error) messages.push(`${file.name}: ${check.error}`);
      else if (accepted.length >= room) messages.push(`${file.name}: ${T.tooManyFiles}`);
      else accepted.push({ id: nextId.current++, file });
    }
    setRefusals(messages);
    setPending((list) => [...list, ...accepted]);
  }

  const drop = (id: number) => setPending((list) => list.filter((p) => p.id !== id));
  const takeOff = (key: string) => onChange((keys) => keys.filter((k) => k !== key));

  async function remove(key: string) {
    if (!uploadedHere.current.has(key)) {
      takeOff(key);
      return;
    }
    setDeleting((list) => [...list, key]);
    try {
      await deleteFile(key);
      uploadedHere.current.delete(key);
      takeOff(key);
    } catch (error) {
      reportError(error, MSG.exercises.fileDeleteFailed);
    } finally {
      setDeleting((list) => list.filter((k) => k !== key));
    }
  }

  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }} data-field-label>
        {T.files}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {T.filesHelp}
      </Typography>
      {(value.length > 0 || pending.length > 0) && (
        <Box component="ul" aria-label={T.files} sx={{ listStyle: 'none', p: 0, m: 0, mb: 1, display: 'grid', gap: 0.75 }}>
          {value.map((key) => (
            <Box component="li" key={key} sx={rowSx}>
              <FileTypeChip fileName={key} />
              <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {fileNameOfKey(key)}
              </Typography>
              <IconButton
                size="small"
                aria-label={T.removeFile(fileNameOfKey(key))}
                disabled={disabled || deleting.includes(key)}
                onClick={() => void remove(key)}
              >
                <CloseOutlined fontSize="small" />
              </IconButton>
            </Box>
          ))}
          {pending.map((p) => (
            <UploadRow
              key={p.id}
              file={p.file}
              calls={calls}
              onRemove={() => drop(p.id)}
              onDone={(key) => {
                drop(p.id);
                uploadedHere.current.add(key);
                onChange((keys) => [...keys, key]);
              }}
            />
          ))}
        </Box>
      )}
      <input
        ref={inputRef}
        type="file"
        hidden
        multiple
        accept={acceptAttribute('exercise')}
        onChange={choose}
        data-testid="exercise-file-input"
      />
      <Button
        variant="outlined"
        startIcon={<AttachFileOutlined />}
        onClick={() => inputRef.current?.click()}
        disabled={disabled || value.length + pending.length >= EXERCISE_LIMITS.filesMax}
        sx={{ minHeight: 44 }}
      >
        {T.attach}
      </Button>
      {refusals.length > 0 && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setRefusals([])}>
          {refusals.map((m) => (
            <div key={m}>{m}</div>
          ))}
        </Alert>
      )}
    </Box>
  );
}
