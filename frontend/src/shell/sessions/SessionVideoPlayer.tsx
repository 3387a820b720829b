import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_TOAST_MS, MSG, fillMessage, type DownloadUrlAnswer } from '@consulta/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type Ref } from 'react';
import { isTokenExpiredError, serverDetail } from '../../app/core/http';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import { toastError, toastSuccess } from '../../components/toast/toastStore';
import { startDownload } from '../../components/upload/startDownload';

/** 'Descarga iniciada' stays 3 s; the failure the default 4 s. */
export const DOWNLOAD_TOAST_MS = 3000;

const V = WORKSPACE_TEXT.video;

export interface SessionVideoPlayerProps {
  numero: number;
  /** The signed URL the player streams from (kept fresh by its query). */
  link: UseQueryResult<DownloadUrlAnswer>;
  /** Asks for a fresh signed URL to download: the therapist's or the patient's call. */
  requestDownload: () => Promise<DownloadUrlAnswer>;
  /** Shown until the link names the file. */
  fallbackName?: string;
  /** The patient's toast also says 'Descargando {filename}'. */
  namesDownload?: boolean;
  /** The <video>, for the transcript that moves with it. */
  videoRef?: Ref<HTMLVideoElement>;
}

/**
 * A session's video: a player on the signed URL, and 'Descargar',
 * which asks for a fresh URL and starts the browser's download of it. Both areas use it, each with its own calls.
 */
export function SessionVideoPlayer({
  numero,
  link,
  requestDownload,
  fallbackName = '',
  namesDownload = false,
  videoRef,
}: SessionVideoPlayerProps) {
  const [downloading, setDownloading] = useState(false);
  const name = link.data?.filename ?? fallbackName;

  async function download() {
    setDownloading(true);
    try {
      const { download_url, filename } = await requestDownload();
      startDownload(download_url, filename);
      toastSuccess(
        MSG.storage.downloadStarted,
        namesDownload ? fillMessage(MSG.storage.downloading, { filename }) : undefined,
        DOWNLOAD_TOAST_MS,
      );
    } catch (error) {
      if (!isTokenExpiredError(error)) toastError(MSG.storage.downloadFailed, MSG.storage.downloadRetry, DEFAULT_TOAST_MS);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Stack spacing={1.25} sx={{ minWidth: 0 }}>
      <Box
        data-video-frame=""
        sx={{
          position: 'relative',
          width: '100%',
          aspectRatio: '16 / 9',
          maxHeight: 420,
          bgcolor: 'grey.900',
          borderRadius: 2,
          overflow: 'hidden',
        }}
      >
        {link.data ? (
          <Box
            component="video"
            ref={videoRef}
            controls
            preload="metadata"
            playsInline
            src={link.data.download_url}
            aria-label={V.player(numero)}
            data-testid="session-video"
            sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }}
          />
        ) : link.isPending ? (
          <Skeleton
            variant="rectangular"
            animation="wave"
            role="progressbar"
            aria-label={V.loading}
            sx={{ position: 'absolute', inset: 0, height: '100%', bgcolor: 'grey.800' }}
          />
        ) : (
          <Stack sx={{ position: 'absolute', inset: 0, alignItems: 'center', justifyContent: 'center', p: 2, textAlign: 'center' }}>
            <Typography variant="body2" sx={{ color: 'grey.100' }}>
              {serverDetail(link.error) ?? V.unavailable}
            </Typography>
          </Stack>
        )}
      </Box>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', justifyContent: 'space-between', minWidth: 0 }}>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          title={name}
        >
          {name}
        </Typography>
        <Button
          variant="outlined"
          size="small"
          onClick={() => void download()}
          disabled={downloading}
          startIcon={downloading ? <CircularProgress size={14} color="inherit" /> : <DownloadOutlined />}
          sx={{ flexShrink: 0 }}
        >
          {V.download}
        </Button>
      </Stack>
    </Stack>
  );
}
