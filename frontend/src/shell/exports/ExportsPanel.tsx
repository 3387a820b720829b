import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG, type ExportScope, type PatientExport } from '@consulta/shared';
import type { QueryKey } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { reportError } from '../../app/core/reportError';
import { TEXT } from '../../i18n/es/app';
import { EXPORT_TEXT as T } from '../../i18n/es/exports';
import { DOWNLOAD_TOAST_MS } from '../sessions/SessionVideoPlayer';
import { toastSuccess } from '../../components/toast/toastStore';
import { startDownload } from '../../components/upload/startDownload';
import { describeExport, isExportRunning } from './exportFormat';
import { useExports, type ExportCalls } from './useExports';

export interface ExportsPanelProps {
  /** Whose export: what the archive holds is said in the reader's words. */
  scope: ExportScope;
  queryKey: QueryKey;
  calls: ExportCalls;
}

/** One export of the list: when it was asked for, its state, the bar while it is made, and 'Descargar' once ready. */
function ExportItem({ item, downloading, onDownload }: { item: PatientExport; downloading: boolean; onDownload: () => void }) {
  const line = describeExport(item);
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid="export-item"
      data-state={item.estado}
      sx={{
        p: { xs: 1.5, sm: 2 },
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) auto' },
        alignItems: 'center',
      }}
    >
      <Box sx={{ minWidth: 0, display: 'grid', gap: 0.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}>
          <Typography sx={{ fontWeight: 600 }}>
            <time dateTime={item.solicitado_en}>{line.requested}</time>
          </Typography>
          {/* Said when it changes: 'Generando', then 'Lista para descargar'. */}
          <Box component="span" aria-live="polite" sx={{ display: 'inline-flex' }}>
            <Chip size="small" label={line.state} color={line.color} variant={line.color === 'default' ? 'outlined' : 'filled'} />
          </Box>
        </Box>
        {line.percent !== null && (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 0.5 }}>
            <LinearProgress
              variant="determinate"
              value={line.percent}
              aria-label={T.progressLabel}
              sx={{ flex: 1, height: 8, borderRadius: 1 }}
            />
            <Typography
              variant="body2"
              color="text.secondary"
              aria-hidden
              sx={{ minWidth: '3.5em', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
            >
              {`${line.percent} %`}
            </Typography>
          </Stack>
        )}
        {line.detail && (
          <Typography variant="body2" color={line.failed ? 'error' : 'text.secondary'} sx={{ overflowWrap: 'anywhere' }}>
            {line.detail}
          </Typography>
        )}
        {line.expires && item.caduca_en && (
          <Typography variant="body2" color="text.secondary">
            <time dateTime={item.caduca_en}>{line.expires}</time>
          </Typography>
        )}
      </Box>
      {line.downloadable && (
        <Button
          variant="contained"
          onClick={onDownload}
          disabled={downloading}
          aria-label={T.downloadLabel(line.date)}
          startIcon={downloading ? <CircularProgress size={16} color="inherit" /> : <DownloadOutlined />}
          sx={{ minHeight: 44, justifySelf: { xs: 'start', sm: 'end' } }}
        >
          {T.download}
        </Button>
      )}
    </Paper>
  );
}

/**
 * A patient's data export (issue 17), for both areas, each with its own calls: what the archive holds, 'Solicitar
 * exportación' (not while one is being made), and the caller's exports with their state, read again every 2 s while
 * one is pendiente or generando; a ready one downloads through a fresh signed URL.
 */
export function ExportsPanel({ scope, queryKey, calls }: ExportsPanelProps) {
  const { list, request } = useExports(queryKey, calls);
  const [downloading, setDownloading] = useState<string | null>(null);
  const headingId = useId();
  const running = list.data?.some(isExportRunning) ?? false;

  async function ask() {
    try {
      await request.mutateAsync();
      toastSuccess(MSG.exports.started);
    } catch (error) {
      reportError(error, T.requestFailed);
    }
  }

  async function download(item: PatientExport) {
    setDownloading(item.id);
    try {
      const { download_url, filename } = await calls.download(item.id);
      startDownload(download_url, filename);
      toastSuccess(MSG.storage.downloadStarted, filename, DOWNLOAD_TOAST_MS);
    } catch (error) {
      reportError(error, MSG.exports.downloadFailed);
      // Not ready or expired after all: the list says so.
      void list.refetch();
    } finally {
      setDownloading(null);
    }
  }

  let content;
  if (list.data) {
    content =
      list.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {T.empty}
        </Typography>
      ) : (
        <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {list.data.map((item) => (
            <ExportItem key={item.id} item={item} downloading={downloading === item.id} onDownload={() => void download(item)} />
          ))}
        </Box>
      );
  } else if (list.isPending) {
    content = (
      <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center', py: 2, color: 'text.secondary' }}>
        <CircularProgress size={20} />
        <Typography variant="body2">{T.loading}</Typography>
      </Stack>
    );
  } else {
    content = (
      <Alert severity="error" action={<Button onClick={() => void list.refetch()}>{TEXT.common.retry}</Button>}>
        {MSG.exports.loadFailed}
      </Alert>
    );
  }

  return (
    <Box data-testid="exports-panel" sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {T.contents[scope]}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {T.howItWorks}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }} sx={{ alignItems: { xs: 'stretch', sm: 'center' }, mb: 3 }}>
        <Button
          variant="contained"
          onClick={() => void ask()}
          disabled={!list.data || running || request.isPending}
          startIcon={request.isPending ? <CircularProgress size={16} color="inherit" /> : <ArchiveOutlined />}
          sx={{ minHeight: 44, flexShrink: 0 }}
        >
          {request.isPending ? T.requesting : T.request}
        </Button>
        {running && (
          <Typography variant="body2" color="text.secondary" data-testid="export-busy">
            {MSG.exports.busy}
          </Typography>
        )}
      </Stack>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {T.listHeading}
      </Typography>
      {content}
    </Box>
  );
}
