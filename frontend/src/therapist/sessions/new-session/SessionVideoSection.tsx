import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { UPLOAD_PATHS, fileNameOfKey, type SessionDraft } from '@consulta/shared';
import { useCallback, useRef, useState } from 'react';
import { reportError } from '../../../app/core/reportError';
import { readVideoDuration } from '../../../components/upload/readVideoDuration';
import { useUploadCalls } from '../../../shell/upload/storageQueries';
import { toastSuccess } from '../../../components/toast/toastStore';
import type { UploadedFile } from '../../../components/upload/UploadController';
import { VideoUploadField } from '../../../components/upload/VideoUploadField';
import { WORKSPACE_TEXT } from '../../../i18n/es/workspace';
import { useConsentGiven } from '../../consents/consentQueries';
import { MissingConsent } from '../../consents/MissingConsent';
import type { DraftAutosaver } from './draftAutosaver';
import { useDraftUploading } from './useDraftUploading';
import { durationFromVideo } from './videoDuration';
import { PanelSection } from './PanelSection';

const T = WORKSPACE_TEXT.newSession;

/**
 * The draft's video (`archivo_video_info`): what is attached, an upload in progress, and
 * the actions. A finished upload is attached to the open draft (created first if there is none yet); its key is
 * the session's `video_url` when the session is saved. The file's length, read by the browser while it uploads,
 * fills an empty duration field.
 */
export function useSessionVideo(saver: DraftAutosaver, draft: SessionDraft | null) {
  const [uploading, setUploading] = useDraftUploading(saver);
  const [attaching, setAttaching] = useState(false);
  const [removing, setRemoving] = useState(false);
  /** A key stored but not yet on the draft (attaching failed): still saved with the session. */
  const [pendingKey, setPendingKey] = useState<string | null>(null);
  const draftKey = draft?.archivo_video_info?.file_key ?? null;
  const attachedKey = draftKey ?? pendingKey;
  /** The length of the file being uploaded, read meanwhile. */
  const length = useRef<Promise<number | null> | null>(null);

  const started = useCallback((file: File) => {
    length.current = readVideoDuration(file);
  }, []);

  /** An empty duration of the draft the video went to (still open) takes the video's length. */
  const fillDuration = useCallback(
    async (draftId: string | null) => {
      const seconds = await (length.current ?? Promise.resolve(null));
      length.current = null;
      const { form, draft: open } = saver.getSnapshot();
      const patch = durationFromVideo(form, seconds);
      if (patch && (open?.id ?? null) === draftId) saver.setForm({ ...form, ...patch });
    },
    [saver],
  );

  const attach = useCallback(
    async (file: UploadedFile) => {
      setAttaching(true);
      setPendingKey(file.fileKey);
      try {
        await saver.setVideo({ file_key: file.fileKey, video_url: file.fileKey, estado_upload: 'completado', upload_progress: 100 });
        setPendingKey(null);
      } catch (error) {
        reportError(error, T.videoAttachFailed);
      } finally {
        setAttaching(false);
      }
      void fillDuration(saver.getSnapshot().draft?.id ?? null);
    },
    [saver, fillDuration],
  );

  const remove = useCallback(async () => {
    setRemoving(true);
    try {
      if (draftKey) await saver.setVideo({ file_key: null, video_url: null, estado_upload: null, upload_progress: null });
      setPendingKey(null);
      toastSuccess(T.videoRemoved);
    } catch (error) {
      reportError(error, T.videoRemoveFailed);
    } finally {
      setRemoving(false);
    }
  }, [saver, draftKey]);

  /** The form starts over (saved session, another draft): a pending key belongs to the previous one. */
  const reset = useCallback(() => setPendingKey(null), []);

  return { attachedKey, uploading, setUploading, attaching, removing, busy: uploading || attaching, started, attach, remove, reset };
}

export type SessionVideo = ReturnType<typeof useSessionVideo>;

/** The attached video: its name and 'Quitar'. */
function AttachedVideo({
  fileKey,
  attaching,
  removing,
  disabled,
  onRemove,
}: {
  fileKey: string;
  attaching: boolean;
  removing: boolean;
  disabled?: boolean;
  onRemove: () => void;
}) {
  const name = fileNameOfKey(fileKey);
  return (
    <Stack
      direction="row"
      spacing={1.5}
      data-testid="attached-video"
      sx={{ alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, pl: 2, minWidth: 0 }}
    >
      <CheckCircleOutlined color="success" />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="p">
          {attaching ? T.videoAttaching : T.videoAttached}
        </Typography>
        <Typography
          variant="body2"
          sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          title={name}
        >
          {name}
        </Typography>
      </Box>
      <Button
        size="small"
        color="inherit"
        onClick={onRemove}
        disabled={disabled || attaching || removing}
        aria-label={T.removeVideoLabel(name)}
        startIcon={removing ? <CircularProgress size={14} color="inherit" /> : undefined}
        sx={{ flexShrink: 0 }}
      >
        {T.removeVideo}
      </Button>
    </Stack>
  );
}

/** 'Video de la sesión': available once a patient is chosen. */
export function SessionVideoSection({
  patientId,
  video,
  disabled,
  consentReturn,
}: {
  patientId: string | null;
  video: SessionVideo;
  disabled?: boolean;
  /** Where the consent gate comes back to once the consent is recorded. */
  consentReturn?: string;
}) {
  const uploadCalls = useUploadCalls();
  // Without the recording consent no video can be attached: the upload is not offered, and the reason is said.
  const recordingAllowed = useConsentGiven(patientId, 'grabacion');
  return (
    <PanelSection id="session-video" icon={<VideocamOutlined fontSize="small" color="action" />} title={T.videoTitle}>
      {!patientId ? (
        <Typography variant="body2" color="text.secondary">
          {T.videoNeedsPatient}
        </Typography>
      ) : video.attachedKey && !video.uploading ? (
        <AttachedVideo
          fileKey={video.attachedKey}
          attaching={video.attaching}
          removing={video.removing}
          disabled={disabled}
          onRemove={() => void video.remove()}
        />
      ) : recordingAllowed === false ? (
        <MissingConsent patientId={patientId} kind="grabacion" returnTo={consentReturn} />
      ) : (
        <>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
            {T.videoOptional}
          </Typography>
          <VideoUploadField
            calls={uploadCalls}
            customPath={UPLOAD_PATHS.sessionVideo(patientId)}
            disabled={disabled || recordingAllowed !== true}
            onUploaded={(file) => void video.attach(file)}
            onBusyChange={video.setUploading}
            onStarted={video.started}
          />
        </>
      )}
    </PanelSection>
  );
}
