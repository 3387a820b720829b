import AccessTimeOutlined from '@mui/icons-material/AccessTimeOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPhone, type PatientListItem } from '@consulta/shared';
import { useState, type ReactNode } from 'react';
import { CardTitleButton, cardFocusRing } from '../../components/CardTitleButton';
import { formatDateEs } from '../../i18n/format';
import { SafetyFlag } from '../questionnaires/SafetyFlag';
import { ageLabel, avatarColor, fullName, patientInitials, sessionsBadge, timeBadge, yesNo } from './patientFormat';
import { PATIENTS_TEXT } from '../../i18n/es/patients';
import { MenuAction } from '../../components/MenuAction';

const T = PATIENTS_TEXT.card;

function InfoLine({ icon, children, label }: { icon: ReactNode; children: ReactNode; label: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0, color: 'text.secondary' }}>
      <Box sx={{ display: 'flex', '& svg': { fontSize: 17 } }} aria-hidden>
        {icon}
      </Box>
      <Typography
        variant="body2"
        noWrap
        title={typeof children === 'string' ? children : undefined}
        aria-label={label}
        sx={{ color: 'text.primary' }}
      >
        {children}
      </Typography>
    </Stack>
  );
}

function HistoryFlag({ label, value }: { label: string; value: boolean | null }) {
  const text = yesNo(value);
  return (
    <Box sx={{ textAlign: 'center', minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p" noWrap>
        {label}
      </Typography>
      <Typography
        variant="body2"
        sx={{ fontWeight: 700, color: value === true ? 'primary.main' : value === false ? 'text.primary' : 'text.secondary' }}
      >
        {text}
      </Typography>
    </Box>
  );
}

/** One patient of 'Mis pacientes'. */
export function PatientCard({ patient, onOpen, onDelete }: { patient: PatientListItem; onOpen: () => void; onDelete: () => void }) {
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const name = fullName(patient);
  return (
    <Card
      data-testid="patient-card"
      sx={{
        position: 'relative',
        height: '100%',
        transition: 'box-shadow 160ms ease, border-color 160ms ease, transform 160ms ease',
        cursor: 'pointer',
        '&:hover': { boxShadow: '0 8px 24px rgba(16, 40, 44, 0.10)', borderColor: 'primary.light' },
        ...cardFocusRing,
      }}
    >
      <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', p: 2.25 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', pr: 4 }}>
          <Avatar sx={{ bgcolor: avatarColor(patient.id), width: 46, height: 46, fontWeight: 700, fontSize: 17 }}>
            {patientInitials(patient)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3 }} noWrap title={name}>
              <CardTitleButton onClick={onOpen}>{name}</CardTitleButton>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {ageLabel(patient.edad)}
            </Typography>
          </Box>
        </Stack>

        <Stack spacing={0.75} sx={{ mt: 2 }}>
          <InfoLine icon={<EmailOutlined />} label={T.email}>
            {patient.email}
          </InfoLine>
          <InfoLine icon={<PhoneOutlined />} label={T.phone}>
            {formatPhone(patient.telefono_paciente) || T.noPhone}
          </InfoLine>
          <InfoLine icon={<WorkOutlineOutlined />} label={T.occupation}>
            {patient.profesion_ocupacion || T.noOccupation}
          </InfoLine>
        </Stack>

        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
          <SafetyFlag on={patient.alerta_seguridad} />
          <Chip
            size="small"
            icon={<EventNoteOutlined />}
            label={sessionsBadge(patient.total_sesiones)}
            color={patient.total_sesiones > 0 ? 'primary' : 'default'}
            variant="outlined"
            data-testid="sessions-badge"
          />
          <Chip
            size="small"
            icon={<AccessTimeOutlined />}
            label={timeBadge(patient.total_tiempo_minutos)}
            variant="outlined"
            data-testid="time-badge"
          />
        </Stack>

        <Stack direction="row" spacing={0.75} sx={{ mt: 1.5, alignItems: 'center', color: 'text.secondary' }}>
          <EventAvailableOutlined sx={{ fontSize: 16 }} aria-hidden />
          <Typography variant="caption">
            {T.registeredOn} {formatDateEs(patient.fecha_creacion)}
          </Typography>
        </Stack>

        <Divider sx={{ my: 1.75 }} />
        <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600, textTransform: 'uppercase', letterSpacing: '0.06em' }}>
          {T.history}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, mt: 0.75 }}>
          <HistoryFlag label={T.previousTherapy} value={patient.ha_hecho_terapia} />
          <HistoryFlag label={T.psychedelics} value={patient.ha_hecho_psicodelicos} />
          <HistoryFlag label={T.constellations} value={patient.ha_hecho_constelaciones} />
        </Box>

        <Box sx={{ mt: 1.75, p: 1.25, borderRadius: 2, bgcolor: 'background.default', flex: 1 }}>
          <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
            {T.proposal}
          </Typography>
          <Typography
            variant="body2"
            sx={{
              mt: 0.25,
              color: patient.propuesta_terapia ? 'text.primary' : 'text.secondary',
              fontStyle: patient.propuesta_terapia ? undefined : 'italic',
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {patient.propuesta_terapia || T.noProposal}
          </Typography>
        </Box>
      </Box>

      <IconButton
        aria-label={T.actions(name)}
        aria-haspopup="true"
        onClick={(e) => setMenu(e.currentTarget)}
        sx={{ position: 'absolute', top: 12, right: 10, zIndex: 1 }}
        size="small"
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu
        anchorEl={menu}
        open={Boolean(menu)}
        onClose={() => setMenu(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuAction
          onClick={() => {
            setMenu(null);
            onOpen();
          }}
          icon={<VisibilityOutlined fontSize="small" />}
          label={T.open}
        />
        <MenuAction
          onClick={() => {
            setMenu(null);
            onDelete();
          }}
          icon={<DeleteOutlined fontSize="small" />}
          label={T.delete}
          danger
        />
      </Menu>
    </Card>
  );
}
