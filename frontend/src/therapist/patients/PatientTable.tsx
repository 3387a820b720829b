import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatPhone, type PatientListItem } from '@consulta/shared';
import { DataTable, ExportButton, List, TopToolbar, downloadCSV, type Exporter } from 'react-admin';
import { THERAPIST_BASE } from '../../app/routesConfig';
import { retryDelay, shouldRetry } from '../../shell/retry';
import { formatDateEs } from '../../i18n/format';
import { patientsToCsv } from './csv';
import { SafetyFlag } from '../questionnaires/SafetyFlag';
import { avatarColor, fullName, patientInitials, timeBadge } from './patientFormat';
import { PATIENTS_TEXT } from '../../i18n/es/patients';

const T = PATIENTS_TEXT.table;

const exporter: Exporter<PatientListItem> = (records) => downloadCSV(patientsToCsv(records), 'pacientes');

function Actions() {
  return (
    <TopToolbar sx={{ minHeight: 0, pt: 1, pb: 1, bgcolor: 'transparent' }}>
      <ExportButton label={T.exportCsv} maxResults={10000} />
    </TopToolbar>
  );
}

/** 'Tabla' view of Mis pacientes: react-admin list with sortable columns, pagination and CSV export. */
export function PatientTable({ search, onDelete }: { search: string; onDelete: (p: PatientListItem) => void }) {
  const q = search.trim();
  return (
    <List<PatientListItem>
      resource="pacientes"
      title={false}
      filter={q ? { q } : undefined}
      sort={{ field: 'apellido', order: 'ASC' }}
      perPage={10}
      exporter={exporter}
      actions={<Actions />}
      disableSyncWithLocation
      storeKey="pacientes.table"
      queryOptions={{ retry: shouldRetry, retryDelay }}
      empty={false}
      sx={{
        '& .RaList-main': { mt: 0, minWidth: 0 },
        '& .RaList-content': { overflowX: 'auto' },
        '& .RaList-actions, & .RaListToolbar-root': { minHeight: 0 },
      }}
    >
      <DataTable<PatientListItem>
        rowClick={(id) => `${THERAPIST_BASE}/pacientes/${id}`}
        bulkActionButtons={false}
        size="small"
        empty={
          <Box sx={{ p: 4, textAlign: 'center' }}>
            <Typography color="text.secondary">{q ? T.noMatch(q) : T.none}</Typography>
          </Box>
        }
        sx={{
          '& .MuiTableCell-root': { py: 1, px: 1.5, whiteSpace: 'nowrap' },
          '& thead .MuiTableCell-root': { verticalAlign: 'middle', lineHeight: 1.5 },
        }}
      >
        <DataTable.Col<PatientListItem>
          source="apellido"
          label={T.patient}
          render={(p) => (
            <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
              <Avatar sx={{ width: 32, height: 32, fontSize: 13, fontWeight: 700, bgcolor: avatarColor(p.id) }}>
                {patientInitials(p)}
              </Avatar>
              <Box sx={{ minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {fullName(p)}
                  </Typography>
                  <SafetyFlag on={p.alerta_seguridad} />
                </Stack>
                <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {p.email}
                </Typography>
              </Box>
            </Stack>
          )}
        />
        <DataTable.Col<PatientListItem>
          source="telefono_paciente"
          label={T.phone}
          disableSort
          render={(p) => formatPhone(p.telefono_paciente)}
        />
        <DataTable.Col<PatientListItem>
          source="edad"
          label={T.age}
          align="right"
          render={(p) => (p.edad === null ? '—' : String(p.edad))}
        />
        <DataTable.Col<PatientListItem>
          source="total_sesiones"
          label={T.sessions}
          align="right"
          render={(p) => String(p.total_sesiones ?? 0)}
        />
        <DataTable.Col<PatientListItem>
          source="total_tiempo_minutos"
          label={T.time}
          align="right"
          render={(p) => timeBadge(p.total_tiempo_minutos)}
        />
        <DataTable.Col<PatientListItem>
          source="fecha_creacion"
          label={T.registered}
          sortByOrder="DESC"
          render={(p) => formatDateEs(p.fecha_creacion)}
        />
        <DataTable.Col<PatientListItem>
          label={T.actions}
          align="right"
          disableSort
          render={(p) => (
            <Tooltip title={T.delete}>
              <IconButton
                size="small"
                aria-label={T.deleteLabel(fullName(p))}
                onClick={(e) => {
                  e.stopPropagation();
                  onDelete(p);
                }}
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        />
      </DataTable>
    </List>
  );
}
