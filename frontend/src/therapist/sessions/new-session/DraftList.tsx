import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import PendingActionsOutlined from '@mui/icons-material/PendingActionsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { draftStatusText, isDraftBusy, isDraftCancellable, type SessionDraftListItem, type SessionType } from '@consulta/shared';
import { TEXT } from '../../../i18n/es/app';
import { WORKSPACE_TEXT } from '../../../i18n/es/workspace';
import { DRAFT_PROCESSING_TEXT } from '../../../i18n/es/draft-processing';
import { formatDateTimeEs } from '../../../i18n/format';
import { tipoOf, typeChoiceLabel } from '../sessionForm';
import { CancelProcessingButton } from './CancelProcessingButton';
import type { DraftAutosaver } from './draftAutosaver';
import { draftTitle, processingText, shortDraftId, showsProgress, statusColor } from './draftFormat';

function DraftItem({
  draft,
  types,
  selected,
  saver,
  onOpen,
  onDelete,
}: {
  draft: SessionDraftListItem;
  types: readonly SessionType[];
  selected: boolean;
  saver?: DraftAutosaver;
  onOpen: () => void;
  onDelete: () => void;
}) {
  const title = draftTitle(draft);
  const type =
    typeChoiceLabel(tipoOf(draft.tipo_sesion, draft.tipo_sesion_id), types) ?? draft.tipo_sesion_nombre ?? WORKSPACE_TEXT.newSession.noType;
  return (
    <ListItem
      disablePadding
      secondaryAction={
        <Tooltip title={WORKSPACE_TEXT.newSession.deleteDraft}>
          <IconButton edge="end" aria-label={WORKSPACE_TEXT.newSession.deleteDraftLabel(title, shortDraftId(draft.id))} onClick={onDelete}>
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      }
      sx={{ flexDirection: 'column', alignItems: 'stretch', '& .MuiListItemSecondaryAction-root': { top: 14, transform: 'none' } }}
    >
      <ListItemButton
        selected={selected}
        onClick={onOpen}
        aria-current={selected ? 'true' : undefined}
        sx={{ borderRadius: 2, display: 'block', pr: 6, py: 1.25, '&.Mui-selected': { bgcolor: 'rgba(47,111,115,0.10)' } }}
      >
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{title}</Typography>
        <Typography variant="body2" color="text.secondary">
          {type} · {formatDateTimeEs(draft.updated_at)}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'baseline', flexWrap: 'wrap', columnGap: 1, mt: 0.25 }}>
          <Typography variant="caption" sx={{ fontFamily: 'monospace', color: 'text.secondary' }}>
            {shortDraftId(draft.id)}
          </Typography>
          <Typography variant="caption" sx={{ color: statusColor(draft.estado), fontWeight: 600 }}>
            {draftStatusText(draft.estado, draft.progreso)}
          </Typography>
        </Stack>
        {isDraftBusy(draft.estado) && showsProgress(draft.progreso) && (
          <>
            <LinearProgress
              variant="determinate"
              value={draft.progreso}
              aria-label={WORKSPACE_TEXT.newSession.progress(draft.progreso)}
              sx={{ mt: 0.75, borderRadius: 1 }}
            />
            <Typography variant="caption" component="p" sx={{ color: 'info.main', fontWeight: 600, mt: 0.25 }}>
              {processingText(draft.progreso)}
            </Typography>
          </>
        )}
        {draft.transcripcion_preview && <TranscriptPreview text={draft.transcripcion_preview} />}
      </ListItemButton>
      {saver && isDraftCancellable(draft.estado) && (
        <Box sx={{ px: 2, pb: 1.25, mt: -0.5 }}>
          <CancelProcessingButton
            draftId={draft.id}
            saver={saver}
            label={DRAFT_PROCESSING_TEXT.cancelLabel(title, shortDraftId(draft.id))}
          />
        </Box>
      )}
    </ListItem>
  );
}

/** The transcript's first turns, one a line (transcripcion_preview: at most 3, 200 characters in all). */
function TranscriptPreview({ text }: { text: string }) {
  return (
    <Typography
      variant="caption"
      component="p"
      color="text.secondary"
      data-testid="draft-transcript-preview"
      sx={{ mt: 0.75, pl: 1, borderLeft: 2, borderColor: 'divider', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
    >
      {text}
    </Typography>
  );
}

/** 'Sesiones en Procesamiento': the patient's drafts, newest first; 'Nueva' while one is open. */
export function DraftList({
  drafts,
  types,
  loading,
  failed,
  hasPatient,
  openId,
  saver,
  onOpen,
  onNew,
  onDelete,
  onRetry,
}: {
  drafts: SessionDraftListItem[];
  types: readonly SessionType[];
  loading: boolean;
  failed: boolean;
  hasPatient: boolean;
  openId: string | null;
  /** With it, a draft whose job runs offers 'Cancelar procesamiento'. */
  saver?: DraftAutosaver;
  onOpen: (draft: SessionDraftListItem) => void;
  onNew: () => void;
  onDelete: (draft: SessionDraftListItem) => void;
  onRetry: () => void;
}) {
  return (
    <Card component="section" aria-labelledby="drafts-title" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 1, rowGap: 1, mb: 1.5 }}
      >
        <Typography id="drafts-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {WORKSPACE_TEXT.newSession.drafts}
        </Typography>
        {openId && (
          <Button size="small" variant="outlined" startIcon={<AddOutlined />} onClick={onNew} sx={{ flexShrink: 0 }}>
            {WORKSPACE_TEXT.newSession.newDraft}
          </Button>
        )}
      </Stack>
      {!hasPatient ? (
        <Typography variant="body2" color="text.secondary">
          {WORKSPACE_TEXT.newSession.choosePatient}
        </Typography>
      ) : loading ? (
        <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center', color: 'text.secondary', py: 2 }}>
          <CircularProgress size={18} />
          <Typography variant="body2">{WORKSPACE_TEXT.newSession.loadingDrafts}</Typography>
        </Stack>
      ) : failed ? (
        <Alert severity="error" action={<Button onClick={onRetry}>{TEXT.common.retry}</Button>}>
          {WORKSPACE_TEXT.newSession.draftsFailed}
        </Alert>
      ) : drafts.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 2.5, color: 'text.secondary' }}>
          <PendingActionsOutlined color="disabled" sx={{ fontSize: 36, mb: 0.5 }} />
          <Typography variant="body2">{WORKSPACE_TEXT.newSession.noDrafts}</Typography>
        </Box>
      ) : (
        // At its whole length (one scroll, the page's): a box of its own cut the last draft.
        <List aria-label={WORKSPACE_TEXT.newSession.draftsLabel} disablePadding sx={{ mx: -1 }}>
          {drafts.map((d) => (
            <DraftItem
              key={d.id}
              draft={d}
              types={types}
              selected={d.id === openId}
              saver={saver}
              onOpen={() => onOpen(d)}
              onDelete={() => onDelete(d)}
            />
          ))}
        </List>
      )}
    </Card>
  );
}
