import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { UPLOAD_PATHS, acceptAttribute } from '@consulta/shared';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { toastError } from '../../components/toast/toastStore';
import { useUpload } from '../../components/upload/useUpload';
import { MY_PROFILE_TEXT } from '../../i18n/es/patient-area';
import { useUploadCalls } from '../../shell/upload/storageQueries';
import { initialsOf } from '../../i18n/format';

const T = MY_PROFILE_TEXT.photo;

interface ProfilePhotoProps {
  patientId: string;
  name: string;
  /** What to show now: the saved photo's URL. */
  src: string | null;
  editing: boolean;
  /** Whether the form holds a photo (to offer 'Quitar foto'). */
  hasPhoto: boolean;
  /** The stored key of a new upload, or null to remove the photo. */
  onChange: (reference: string | null) => void;
  onBusyChange: (busy: boolean) => void;
}

/**
 * The profile photo ('Mi Perfil'): uploaded through the storage calls into the patient's photo place
 * (images only, 5 MB, checked here and by the server), previewed at once, saved with the rest of the form. The
 * caller mounts it afresh when editing starts or ends, which drops a preview and stops an upload.
 */
export function ProfilePhoto({ patientId, name, src, editing, hasPhoto, onChange, onBusyChange }: ProfilePhotoProps) {
  const uploadCalls = useUploadCalls();
  const inputId = useId();
  const [preview, setPreview] = useState<{ url: string; removed?: false } | { removed: true } | null>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const { snapshot, controller } = useUpload(
    uploadCalls,
    {
      uploaded: (file) => {
        if (chosen) setPreview({ url: URL.createObjectURL(chosen) });
        onChange(file.fileKey);
      },
      failed: (reason) => toastError(T.failed, reason),
    },
    { kind: 'photo' },
  );
  const busy = snapshot.phase === 'uploading' || snapshot.phase === 'interrupted';
  useEffect(() => {
    onBusyChange(busy);
  }, [busy, onBusyChange]);
  useEffect(() => () => (preview && !preview.removed ? URL.revokeObjectURL(preview.url) : undefined), [preview]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !controller) return;
    setChosen(file);
    controller.start(file, UPLOAD_PATHS.profilePhoto(patientId));
  };
  const remove = () => {
    setPreview({ removed: true });
    onChange(null);
  };
  const shown = preview ? (preview.removed ? null : preview.url) : src;

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}>
      <Avatar
        src={shown ?? undefined}
        alt={T.alt(name)}
        sx={{ width: 88, height: 88, fontSize: 30, fontWeight: 700, bgcolor: 'primary.main' }}
        data-testid="profile-photo"
      >
        {initialsOf(name)}
      </Avatar>
      {editing && (
        <Box sx={{ minWidth: 0 }}>
          <input
            id={inputId}
            type="file"
            hidden
            accept={acceptAttribute('photo')}
            onChange={choose}
            disabled={busy}
            data-testid="photo-file-input"
          />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button component="label" htmlFor={inputId} variant="outlined" size="small" startIcon={<PhotoCameraOutlined />} disabled={busy}>
              {T.change}
            </Button>
            {(hasPhoto || (preview && !preview.removed)) && (
              <Button size="small" color="inherit" onClick={remove} disabled={busy}>
                {T.remove}
              </Button>
            )}
          </Stack>
          {busy ? (
            <Box sx={{ mt: 1, maxWidth: 240 }} role="status" aria-label={T.uploading}>
              <LinearProgress variant="determinate" value={snapshot.percent} />
            </Box>
          ) : (
            <Typography
              variant="caption"
              color={snapshot.invalid ? 'error' : 'text.secondary'}
              sx={{ display: 'block', mt: 0.75 }}
              role={snapshot.invalid ? 'alert' : undefined}
            >
              {snapshot.invalid ?? T.hint}
            </Typography>
          )}
        </Box>
      )}
    </Stack>
  );
}
