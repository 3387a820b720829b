import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ACCESS_KINDS, MSG, type AccessKind } from '@consulta/shared';
import { useEffect, useState } from 'react';
import { reportError } from '../../app/core/reportError';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import { EmptyText, LoadFailed, Loading } from '../../components/LoadStates';
import { TabHeader } from '../../components/TabHeader';
import type { PatientTabProps } from '../patients/detail/tabTypes';
import { ACCESS_HISTORY_GROUP_TEXT as G } from '../../i18n/es/access-history';
import { AccessGroupRow } from './AccessGroupRow';
import { useAccessHistory } from './accessHistoryQueries';

const T = WORKSPACE_TEXT.accessHistory;
const PAGE_SIZES = [25, 50, 100];

/**
 * 'Historial de accesos': who read or changed this patient's clinical data, newest first, by kind, a page at a time.
 * One visit of one person is one row that unfolds to what it read and did (the server groups them, so pages count rows).
 */
export function AccessHistoryTab({ patient }: PatientTabProps) {
  const [kind, setKind] = useState<AccessKind | ''>('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(PAGE_SIZES[0]);
  const { data, isPending, error, refetch } = useAccessHistory(patient.id, kind, page, perPage);

  useEffect(() => {
    if (error) reportError(error, MSG.accessHistory.loadFailed);
  }, [error]);

  let content;
  if (data) {
    content =
      data.items.length === 0 ? (
        <EmptyText text={kind ? T.emptyKind : T.empty} />
      ) : (
        <Box component="ul" aria-label={T.heading} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {data.items.map((group) => (
            <AccessGroupRow key={group.id} group={group} />
          ))}
        </Box>
      );
  } else if (isPending) content = <Loading text={T.loading} />;
  else content = <LoadFailed text={MSG.accessHistory.loadFailed} onRetry={() => void refetch()} />;

  return (
    <Box data-testid="access-history-tab">
      <TabHeader title={T.heading} summary={T.summary}>
        <TextField
          select
          size="small"
          label={T.kind}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as AccessKind | '');
            setPage(0);
          }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{T.allKinds}</MenuItem>
          {(Object.keys(ACCESS_KINDS) as AccessKind[]).map((k) => (
            <MenuItem key={k} value={k}>
              {ACCESS_KINDS[k]}
            </MenuItem>
          ))}
        </TextField>
      </TabHeader>
      {data && data.items.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {G.groupedHint}
        </Typography>
      )}
      {content}
      {data && data.total > 0 && (
        <TablePagination
          component="div"
          count={data.total}
          page={page}
          rowsPerPage={perPage}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_e, next) => setPage(next)}
          onRowsPerPageChange={(e) => {
            setPerPage(Number(e.target.value));
            setPage(0);
          }}
          labelRowsPerPage={T.perPage}
          labelDisplayedRows={({ from, to, count }) => G.shown(from, to, count)}
          getItemAriaLabel={(type) => (type === 'next' ? T.next : type === 'previous' ? T.previous : type === 'first' ? T.first : T.last)}
        />
      )}
    </Box>
  );
}
