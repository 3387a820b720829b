import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import TouchAppOutlined from '@mui/icons-material/TouchAppOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DELETE_TOAST_MS, MSG, type PatientDetail, type Session, type SessionSummary } from '@consulta/shared';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { reportError } from '../../app/core/reportError';
import { toastSuccess } from '../../components/toast/toastStore';
import { TEXT } from '../../i18n/es/app';
import { useDeleteSession, useFetchSession, usePatientSessions, useRefreshPatient, useSession } from './sessionQueries';
import { DeleteSessionDialog } from './DeleteSessionDialog';
import { EditSessionDialog } from './EditSessionDialog';
import { SessionDetail } from './SessionDetail';
import { SessionsTabList } from './SessionsTabList';
import { SESSION_PARAM } from './sessionLinks';

const T = TEXT.sessions;

function Placeholder({ icon, title, text }: { icon: ReactNode; title: string; text?: string }) {
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 6, px: 3, color: 'text.secondary' }}>
      {icon}
      <Typography sx={{ fontWeight: 600, color: 'text.primary' }}>{title}</Typography>
      {text && <Typography variant="body2">{text}</Typography>}
    </Stack>
  );
}

/**
 * The patient's session history: the list, and the selected session's detail beside it
 * (below it on a phone, scrolled into view). Rows open the edit and delete dialogs. The list has no long texts:
 * the detail and the edit dialog read the whole session. The selection is in the URL (`?sesion=<id>`), so a
 * session just saved opens here, and a reload keeps it.
 */
export function SessionsTab({ patient }: { patient: PatientDetail }) {
  const { data: sessions, isPending, error, refetch } = usePatientSessions(patient.id);
  const refresh = useRefreshPatient(patient.id);
  const remove = useDeleteSession(patient.id);
  const [params, setParams] = useSearchParams();
  const [selectedId, setSelectedId] = useState<string | null>(() => params.get(SESSION_PARAM));
  /** Opened by a link: shown once its detail is there. */
  const revealLinked = useRef(params.has(SESSION_PARAM));
  const [editing, setEditing] = useState<Session | null>(null);
  const [toDelete, setToDelete] = useState<SessionSummary | null>(null);
  const detail = useSession(selectedId);
  const fetchSession = useFetchSession();
  const [deleteOpen, setDeleteOpen] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const detailRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (error) reportError(error, MSG.sessions.loadSessionsFailed);
  }, [error]);
  useEffect(() => {
    if (detail.error) reportError(detail.error, MSG.sessions.loadSessionsFailed);
  }, [detail.error]);

  const selected = selectedId && sessions?.some((s) => s.id === selectedId) ? (detail.data ?? null) : null;

  async function edit(session: SessionSummary) {
    try {
      setEditing(await fetchSession(session.id));
    } catch (e) {
      reportError(e, MSG.sessions.loadSessionsFailed);
    }
  }

  /** Brings the detail into view where it sits below the list (a phone), with the focus on its heading. */
  const revealDetail = useCallback(() => {
    requestAnimationFrame(() => {
      const list = listRef.current?.getBoundingClientRect();
      const detail = detailRef.current;
      if (list && detail && detail.getBoundingClientRect().top >= list.bottom - 1) {
        detail.scrollIntoView({ behavior: 'smooth', block: 'start' });
        headingRef.current?.focus({ preventScroll: true });
      }
    });
  }, []);

  useEffect(() => {
    if (!revealLinked.current || !selected) return;
    revealLinked.current = false;
    revealDetail();
  }, [selected, revealDetail]);

  function select(session: SessionSummary) {
    setSelectedId(session.id);
    setParams(
      (current) => {
        current.set(SESSION_PARAM, session.id);
        return current;
      },
      { replace: true },
    );
    revealDetail();
  }

  function askDelete(session: SessionSummary) {
    setToDelete(session);
    setDeleteOpen(true);
  }

  async function confirmDelete(session: SessionSummary) {
    try {
      await remove.mutateAsync(session.id);
      toastSuccess(MSG.sessions.deleted, undefined, DELETE_TOAST_MS);
      if (selectedId === session.id) setSelectedId(null);
    } catch (e) {
      reportError(e, MSG.sessions.deleteFailed);
      void refresh();
    } finally {
      setDeleteOpen(false);
    }
  }

  let list: ReactNode;
  if (sessions) {
    list =
      sessions.length === 0 ? (
        <Placeholder icon={<EventNoteOutlined sx={{ fontSize: 40 }} />} title={T.empty} text={T.emptyHint} />
      ) : (
        <SessionsTabList sessions={sessions} selectedId={selectedId} onSelect={select} onEdit={(s) => void edit(s)} onDelete={askDelete} />
      );
  } else if (isPending) {
    list = (
      <Stack
        direction="row"
        spacing={1.5}
        role="status"
        sx={{ alignItems: 'center', justifyContent: 'center', py: 6, color: 'text.secondary' }}
      >
        <CircularProgress size={20} />
        <Typography>{T.loading}</Typography>
      </Stack>
    );
  } else {
    list = (
      <Alert severity="error" sx={{ m: 2 }} action={<Button onClick={() => void refetch()}>{TEXT.common.retry}</Button>}>
        {MSG.sessions.loadSessionsFailed}
      </Alert>
    );
  }
  const hasSessions = Boolean(sessions && sessions.length > 0);

  return (
    <Box sx={{ containerType: 'inline-size' }} data-testid="sessions-tab">
      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          alignItems: 'start',
          gridTemplateColumns: '1fr',
          '@container (min-width: 700px)': { gridTemplateColumns: hasSessions ? 'minmax(240px, 300px) minmax(0, 1fr)' : '1fr' },
        }}
      >
        <Card ref={listRef}>
          <Typography
            variant="subtitle1"
            component="h2"
            sx={{ fontWeight: 700, px: 2.5, pt: 2.25, pb: 1.5 }}
            data-testid="sessions-heading"
          >
            {T.heading(sessions?.length)}
          </Typography>
          {list}
        </Card>
        {hasSessions && (
          <Box ref={detailRef} sx={{ minWidth: 0, scrollMarginTop: 80 }}>
            {selected ? (
              <SessionDetail session={selected} headingRef={headingRef} />
            ) : (
              <Card>
                {selectedId && detail.isPending ? (
                  <Stack
                    direction="row"
                    spacing={1.5}
                    role="status"
                    sx={{ alignItems: 'center', justifyContent: 'center', py: 6, color: 'text.secondary' }}
                  >
                    <CircularProgress size={20} />
                    <Typography>{T.loadingDetail}</Typography>
                  </Stack>
                ) : (
                  <Placeholder icon={<TouchAppOutlined sx={{ fontSize: 40 }} />} title={T.selectHint} />
                )}
              </Card>
            )}
          </Box>
        )}
      </Box>
      <DeleteSessionDialog
        session={toDelete}
        open={deleteOpen}
        deleting={remove.isPending}
        onCancel={() => setDeleteOpen(false)}
        onConfirm={(s) => void confirmDelete(s)}
      />
      <EditSessionDialog
        session={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
    </Box>
  );
}
