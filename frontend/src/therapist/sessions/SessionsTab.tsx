import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DELETE_TOAST_MS, MSG, type PatientDetail, type Session, type SessionSummary } from '@consulta/shared';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { reportError } from '../../app/core/reportError';
import { toastSuccess } from '../../components/toast/toastStore';
import { TEXT } from '../../i18n/es/app';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import { useDeleteSession, useFetchSession, usePatientSessions, useRefreshPatient, useSession } from './sessionQueries';
import { DeleteSessionDialog } from './DeleteSessionDialog';
import { EditSessionDialog } from './EditSessionDialog';
import { SessionActions } from './SessionActions';
import { SessionDetail } from './SessionDetail';
import { SessionDetailBar } from './SessionDetailBar';
import { SessionsTabList } from './SessionsTabList';
import { MARK_PARAM, SESSION_PARAM, TIME_PARAM, startTimeOf } from './sessionLinks';
import { SEARCH_TEXT } from '../../i18n/es/search';
import { TAB_SEARCH_PARAM } from '../search/searchLinks';
import { SessionSearchField } from '../search/SessionSearchField';
import { SessionSearchOutcome } from '../search/SessionSearchOutcome';
import { useSearchText } from '../search/useSearchText';
import { Loading } from '../../components/LoadStates';

const T = WORKSPACE_TEXT.sessions;

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
 * The patient's session history: the list, or one open session using the tab's whole width (a transcript is read at
 * a comfortable width), with 'Volver a la lista' and the previous and next session above it. Rows and the open
 * session have the edit and delete buttons. The list has no long texts: the detail and the edit dialog read the
 * whole session.
 */
export function SessionsTab({ patient }: { patient: PatientDetail }) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const openId = params.get(SESSION_PARAM);
  const { data: sessions, isPending, error, refetch } = usePatientSessions(patient.id, { pollWhileGenerating: !openId });
  const refresh = useRefreshPatient(patient.id);
  const remove = useDeleteSession(patient.id);
  // Only a session of this patient's list opens (an id of another patient's, or a deleted one, shows the list).
  const open = (openId && sessions?.find((s) => s.id === openId)) || null;
  const detail = useSession(open ? open.id : null);
  const fetchSession = useFetchSession();
  const [editing, setEditing] = useState<Session | null>(null);
  const [toDelete, setToDelete] = useState<SessionSummary | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [lastRead, setLastRead] = useState<string | null>(null);
  const tabRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** Where focus goes once it can: the open session's title, or the list row of the session just left. */
  const focusNext = useRef<'detail' | 'row' | null>(null);
  const lastOpenId = useRef<string | null>(null);
  const [searchText, setSearchText, searched] = useSearchText(TAB_SEARCH_PARAM);

  useEffect(() => {
    if (error) reportError(error, MSG.sessions.loadSessionsFailed);
  }, [error]);
  useEffect(() => {
    if (detail.error) reportError(detail.error, MSG.sessions.loadSessionsFailed);
  }, [detail.error]);
  // The session read last stays marked in the list (state adjusted while rendering, not in an effect).
  if (open && open.id !== lastRead) setLastRead(open.id);

  const shown = open && detail.data?.id === open.id ? detail.data : null;
  useLayoutEffect(() => {
    // Opening, stepping, going back (the bar's button or the browser's): focus follows the address.
    if (openId !== lastOpenId.current) {
      focusNext.current = openId ? 'detail' : 'row';
      lastOpenId.current = openId;
    }
    if (focusNext.current === 'detail' && shown) {
      focusNext.current = null;
      headingRef.current?.focus({ preventScroll: true });
      // The tab's top, if the list was scrolled past it.
      if ((tabRef.current?.getBoundingClientRect().top ?? 0) < 0) tabRef.current?.scrollIntoView({ block: 'start' });
    } else if (focusNext.current === 'row' && !openId && sessions) {
      focusNext.current = null;
      const row = tabRef.current?.querySelector<HTMLElement>(`[data-session-id="${lastRead}"]`);
      row?.focus({ preventScroll: true });
      row?.scrollIntoView?.({ block: 'nearest' });
    }
  });

  function openSession(session: SessionSummary) {
    // From the list: a new entry (back closes it). From the bar: the same entry, so back still leads to the list.
    const fromList = !openId;
    setParams(
      (now) => {
        now.set(SESSION_PARAM, session.id);
        now.delete(TIME_PARAM);
        now.delete(MARK_PARAM);
        return now;
      },
      fromList ? { state: { openedHere: true } } : { replace: true, state: location.state },
    );
  }

  function backToList() {
    // Opened from the list: going back is the browser's back. Opened by a link: the address drops the session.
    if ((location.state as { openedHere?: boolean } | null)?.openedHere) void navigate(-1);
    else
      setParams(
        (now) => {
          now.delete(SESSION_PARAM);
          now.delete(TIME_PARAM);
          now.delete(MARK_PARAM);
          return now;
        },
        { replace: true },
      );
  }

  async function edit(session: SessionSummary) {
    try {
      setEditing(await fetchSession(session.id));
    } catch (e) {
      reportError(e, MSG.sessions.loadSessionsFailed);
    }
  }

  function askDelete(session: SessionSummary) {
    setToDelete(session);
    setDeleteOpen(true);
  }

  async function confirmDelete(session: SessionSummary) {
    try {
      await remove.mutateAsync(session.id);
      toastSuccess(MSG.sessions.deleted, undefined, DELETE_TOAST_MS);
      if (openId === session.id) backToList();
    } catch (e) {
      reportError(e, MSG.sessions.deleteFailed);
      void refresh();
    } finally {
      setDeleteOpen(false);
    }
  }

  const actions = (s: SessionSummary) => <SessionActions session={s} onEdit={(x) => void edit(x)} onDelete={askDelete} />;

  let body: ReactNode;
  if (open && sessions) {
    body = (
      <>
        <SessionDetailBar sessions={sessions} current={open} onBack={backToList} onOpen={openSession} />
        {shown ? (
          <SessionDetail
            session={shown}
            headingRef={headingRef}
            actions={actions(open)}
            startAt={startTimeOf(params)}
            marked={params.get(MARK_PARAM)}
          />
        ) : (
          <Card>
            {detail.isError ? (
              <Placeholder icon={<EventNoteOutlined sx={{ fontSize: 40 }} />} title={MSG.sessions.loadSessionsFailed} />
            ) : (
              <Loading text={T.loadingDetail} />
            )}
          </Card>
        )}
      </>
    );
  } else {
    let list: ReactNode;
    if (searched.trim()) {
      list = <SessionSearchOutcome q={searched} pacienteId={patient.id} />;
    } else if (sessions) {
      list =
        sessions.length === 0 ? (
          <Placeholder icon={<EventNoteOutlined sx={{ fontSize: 40 }} />} title={T.empty} text={T.emptyHint} />
        ) : (
          <SessionsTabList
            sessions={sessions}
            selectedId={lastRead}
            onSelect={openSession}
            onEdit={(s) => void edit(s)}
            onDelete={askDelete}
          />
        );
    } else if (isPending) {
      list = <Loading text={T.loading} />;
    } else {
      list = (
        <Alert severity="error" sx={{ m: 2 }} action={<Button onClick={() => void refetch()}>{TEXT.common.retry}</Button>}>
          {MSG.sessions.loadSessionsFailed}
        </Alert>
      );
    }
    body = (
      <Card>
        <Box sx={{ px: 2.5, pt: 2.25, pb: 1.5 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }} data-testid="sessions-heading">
            {T.heading(sessions?.length)}
          </Typography>
          {sessions && sessions.length > 0 && (
            <>
              <Typography variant="body2" color="text.secondary">
                {T.selectHint}
              </Typography>
              <SessionSearchField value={searchText} onChange={setSearchText} label={SEARCH_TEXT.inPatient} size="small" sx={{ mt: 1.5 }} />
            </>
          )}
        </Box>
        {list}
      </Card>
    );
  }

  return (
    // Scrolled to, it stops 24 px below the app bar (the shell's scroll padding keeps it clear of the bar itself).
    <Box ref={tabRef} data-testid="sessions-tab" sx={{ minWidth: 0, scrollMarginTop: 24 }}>
      {body}
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
