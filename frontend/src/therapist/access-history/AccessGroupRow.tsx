import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AccessHistoryGroup } from '@consulta/shared';
import { useId, useState } from 'react';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import { ACCESS_HISTORY_GROUP_TEXT as G } from '../../i18n/es/access-history';
import { formatDateTimeEs } from '../../i18n/format';
import { describeAccess, groupWhen, resultOf, visitContents, whatOf } from './accessHistoryFormat';

const T = WORKSPACE_TEXT.accessHistory;

/**
 * One row of the history: one visit of one person (an access alone, the same access repeated with its count '×3',
 * or a visit that read and did several things, named by what it held); a group unfolds to every access with its
 * time, what it read or did and, when it failed, its result.
 */
export function AccessGroupRow({ group }: { group: AccessHistoryGroup }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const line = describeAccess(group);
  const many = group.veces > 1;
  const contents = visitContents(group.entradas);
  const mixed = contents.length > 1;
  const failed = group.entradas.filter((e) => !e.exito).length;
  const result = many && failed > 0 ? G.failures(failed, group.estado_http) : line.result;
  return (
    <Paper component="li" variant="outlined" data-testid="access-row" sx={{ p: 1.5 }}>
      <Box sx={{ display: 'grid', gap: 0.5, gridTemplateColumns: { xs: '1fr', md: '2fr 2fr 1fr auto' }, alignItems: 'center' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {mixed ? G.visit(group.veces) : line.what}
            {many && !mixed && (
              <Chip
                component="span"
                size="small"
                color="primary"
                label={<span aria-hidden>{G.times(group.veces)}</span>}
                aria-label={G.timesLabel(group.veces)}
                role="img"
                data-testid="access-row-count"
                sx={{ ml: 1, height: 22, fontWeight: 700, verticalAlign: 'text-bottom' }}
              />
            )}
          </Typography>
          {mixed && (
            <Typography variant="body2" data-testid="access-row-contents" sx={{ overflowWrap: 'anywhere' }}>
              {G.contents(contents)}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            <time dateTime={group.fecha}>{groupWhen(group)}</time>
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {line.who}
        </Typography>
        <Typography variant="body2" color="text.secondary" title={group.agente ?? undefined} sx={{ overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ display: { md: 'none' } }}>{`${T.from}: `}</Box>
          {line.from}
        </Typography>
        <Chip
          size="small"
          label={result}
          color={line.ok ? 'success' : 'error'}
          variant="outlined"
          sx={{ justifySelf: { xs: 'start', md: 'end' } }}
        />
      </Box>
      {many && (
        <>
          <Button
            size="small"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            endIcon={<ExpandMore sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />}
            sx={{ mt: 0.5, ml: -0.75, minHeight: 36 }}
          >
            {open ? G.hide(group.veces) : G.show(group.veces)}
          </Button>
          <Collapse in={open} id={listId} unmountOnExit>
            <Box
              component="ol"
              aria-label={G.entries(group.veces)}
              data-testid="access-row-entries"
              sx={{ m: 0, mt: 0.5, pl: 3, color: 'text.secondary' }}
            >
              {group.entradas.map((entry) => (
                <Typography component="li" variant="body2" key={entry.id} sx={{ overflowWrap: 'anywhere' }}>
                  <time dateTime={entry.fecha}>{formatDateTimeEs(entry.fecha)}</time>
                  {` · ${whatOf(entry)}`}
                  {!entry.exito && <Box component="span" sx={{ color: 'error.main', fontWeight: 600 }}>{` · ${resultOf(entry)}`}</Box>}
                </Typography>
              ))}
            </Box>
          </Collapse>
        </>
      )}
    </Paper>
  );
}
