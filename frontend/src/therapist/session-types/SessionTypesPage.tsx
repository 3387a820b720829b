import AddOutlined from '@mui/icons-material/AddOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DELETE_TOAST_MS, formatMoney, type SessionType } from '@consulta/shared';
import { useCurrency } from '../../app/core/publicConfig';
import { useState } from 'react';
import { serverDetail } from '../../app/core/http';
import { reportError } from '../../app/core/reportError';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { toastSuccess } from '../../components/toast/toastStore';
import { formatDateEs } from '../../i18n/format';
import { SessionTypeDialog } from './SessionTypeDialog';
import {
  FIELD_TYPE_LABELS,
  buildSessionTypePayload,
  emptySessionTypeForm,
  sessionTypeToForm,
  type SessionTypeForm,
} from './sessionTypeForm';
import { useCreateSessionType, useDeleteSessionType, useSessionTypes, useUpdateSessionType } from './sessionTypeQueries';
import { usePageTitle } from '../../components/usePageTitle';
import { TEXT } from '../../i18n/es/app';
import { SESSION_TYPES_TEXT as T } from '../../i18n/es/session-types';

/** Says why a call failed: the server's detail as the title, else the page's message. */
const reportFailure = (error: unknown, fallback: string) => reportError(error, { title: serverDetail(error) ?? fallback });

type Editing = { mode: 'create' } | { mode: 'edit'; type: SessionType } | null;

/** 'Tipos de Sesiones': the therapist's custom session types, as cards. */
export function SessionTypesPage() {
  const currency = useCurrency();
  usePageTitle(T.title);
  const { data = [], isPending, error, refetch } = useSessionTypes();
  const create = useCreateSessionType();
  const update = useUpdateSessionType();
  const remove = useDeleteSessionType();
  const [editing, setEditing] = useState<Editing>(null);
  const [viewing, setViewing] = useState<SessionType | null>(null);
  // The type stays set while the confirmation fades out, so its text does not change on the way.
  const [toDelete, setToDelete] = useState<SessionType | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);

  async function save(form: SessionTypeForm) {
    const payload = buildSessionTypePayload(form);
    const isNew = editing?.mode === 'create';
    try {
      if (editing?.mode === 'edit') await update.mutateAsync({ type: editing.type, payload });
      else await create.mutateAsync(payload);
      toastSuccess(isNew ? T.created : T.updated);
      setEditing(null);
    } catch (e) {
      reportFailure(e, isNew ? T.createFailed : T.updateFailed);
    }
  }

  function askDelete(type: SessionType) {
    setToDelete(type);
    setDeleteOpen(true);
  }

  async function confirmDelete(type: SessionType) {
    try {
      await remove.mutateAsync(type);
      toastSuccess(T.deleted, undefined, DELETE_TOAST_MS);
    } catch (e) {
      reportFailure(e, T.deleteFailed);
    } finally {
      setDeleteOpen(false);
    }
  }

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}
      >
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {T.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {T.intro}
          </Typography>
        </Box>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing({ mode: 'create' })}>
          {T.create}
        </Button>
      </Stack>

      {isPending ? (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 6, justifyContent: 'center' }} role="status">
          <CircularProgress size={22} />
          <Typography color="text.secondary">{T.loading}</Typography>
        </Stack>
      ) : error ? (
        <Alert severity="error" action={<Button onClick={() => refetch()}>{TEXT.common.retry}</Button>}>
          {T.loadFailed}
        </Alert>
      ) : data.length === 0 ? (
        <Card variant="outlined" sx={{ textAlign: 'center', py: 6 }}>
          <CategoryOutlined color="disabled" sx={{ fontSize: 44, mb: 1 }} />
          <Typography sx={{ fontWeight: 600 }}>{T.empty}</Typography>
          <Typography variant="body2" color="text.secondary">
            {T.emptyHint}
          </Typography>
        </Card>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' }, gap: 2.5 }}>
          {data.map((type) => (
            <Card key={type.id} component="article" aria-label={type.nombre} sx={{ display: 'flex', flexDirection: 'column' }}>
              <CardContent sx={{ flex: 1 }}>
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 1 }}>
                  <Typography variant="h6" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
                    {type.nombre}
                  </Typography>
                  <Chip
                    size="small"
                    label={type.activo ? T.active : T.inactive}
                    color={type.activo ? 'success' : 'default'}
                    variant="outlined"
                  />
                </Stack>
                <Typography sx={{ fontSize: '1.4rem', fontWeight: 700, color: 'primary.main', mb: 1 }}>
                  {formatMoney(type.valor, currency)}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                  {type.descripcion ?? T.noDescription}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {type.campos.length === 0 ? T.noFields : T.fieldsSummary(type.campos.map((c) => c.nombre))}
                </Typography>
              </CardContent>
              <CardActions sx={{ justifyContent: 'flex-end' }}>
                <Tooltip title={T.view}>
                  <IconButton aria-label={T.viewLabel(type.nombre)} onClick={() => setViewing(type)}>
                    <VisibilityOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={T.editAction}>
                  <IconButton aria-label={T.editLabel(type.nombre)} onClick={() => setEditing({ mode: 'edit', type })}>
                    <EditOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={T.delete}>
                  <IconButton aria-label={T.deleteLabel(type.nombre)} onClick={() => askDelete(type)}>
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
              </CardActions>
            </Card>
          ))}
        </Box>
      )}

      {editing && (
        <SessionTypeDialog
          title={editing.mode === 'create' ? T.create : T.edit}
          initial={editing.mode === 'create' ? emptySessionTypeForm() : sessionTypeToForm(editing.type)}
          saving={create.isPending || update.isPending}
          onCancel={() => setEditing(null)}
          onSave={save}
        />
      )}
      {viewing && <SessionTypeDetails type={viewing} onClose={() => setViewing(null)} />}
      <ConfirmDialog
        id="delete-session-type"
        open={deleteOpen && Boolean(toDelete)}
        title={T.deleteTitle}
        busy={remove.isPending}
        onCancel={() => setDeleteOpen(false)}
        onConfirm={() => toDelete && void confirmDelete(toDelete)}
      >
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>{toDelete ? T.confirmDelete(toDelete.nombre) : ''}</DialogContentText>
      </ConfirmDialog>
    </Box>
  );
}

function SessionTypeDetails({ type, onClose }: { type: SessionType; onClose: () => void }) {
  const currency = useCurrency();
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="session-type-details">
      <DialogTitle id="session-type-details">{type.nombre}</DialogTitle>
      <DialogContent dividers>
        <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
          <Chip label={formatMoney(type.valor, currency)} color="primary" />
          <Chip label={type.activo ? T.active : T.inactive} variant="outlined" />
        </Stack>
        <Typography sx={{ mb: 2 }}>{type.descripcion ?? T.noDescription}</Typography>
        <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
          {T.details.fields}
        </Typography>
        {type.campos.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {T.noFields}
          </Typography>
        ) : (
          <Stack component="ol" spacing={1} sx={{ pl: 2.5, m: 0 }}>
            {type.campos.map((c) => (
              <li key={c.nombre}>
                <Typography variant="body2">
                  <strong>{c.nombre}</strong> · {FIELD_TYPE_LABELS[c.tipo]}
                  {c.requerido ? T.details.required : ''}
                  {c.placeholder ? T.details.placeholder(c.placeholder) : ''}
                  {c.tipo === 'select' ? T.details.options(c.opciones) : ''}
                </Typography>
              </li>
            ))}
          </Stack>
        )}
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 2 }}>
          {T.details.dates(formatDateEs(type.fecha_creacion), formatDateEs(type.fecha_actualizacion))}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{TEXT.common.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
