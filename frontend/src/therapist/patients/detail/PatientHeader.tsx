import ArrowBack from '@mui/icons-material/ArrowBack';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { formatPhone, type PatientDetail } from '@consulta/shared';
import { Link as RouterLink } from 'react-router';
import { WORKSPACE_TEXT } from '../../../i18n/es/workspace';
import { ageLabel, avatarColor, fullName, patientInitials } from '../patientFormat';
import { therapyStatusView } from './therapyStatus';

/**
 * The patient's name (the page heading), contact and therapy status. On a phone it is two lines (the name; the
 * status, age and phone) so the section's work starts in the first screen; the e-mail is in 'Información del
 * Paciente' there, and 'Volver a Mis Pacientes' is the arrow at its start in the avatar's place (`backTo`; above the
 * card on wider screens).
 * One grid, two arrangements: the status badge moves, it is not drawn twice.
 */
export function PatientHeader({ patient, backTo }: { patient: PatientDetail; backTo?: string }) {
  const status = therapyStatusView(patient.estado_terapia);
  const phone = patient.telefono_paciente ? formatPhone(patient.telefono_paciente) : null;
  const hasAge = patient.edad !== null && patient.edad !== undefined;
  return (
    <Card
      data-testid="patient-header"
      sx={{
        mb: { xs: 1.5, sm: 2.5 },
        p: { xs: 1.5, sm: 3 },
        display: 'grid',
        alignItems: 'center',
        columnGap: { xs: 1, sm: 2 },
        gridTemplateColumns: { xs: 'auto auto minmax(0, 1fr)', sm: 'auto minmax(0, 1fr) auto' },
        gridTemplateAreas: {
          xs: backTo ? '"back name name" "back status facts"' : '"avatar name name" "avatar status facts"',
          sm: '"avatar name status" "avatar facts status"',
        },
      }}
    >
      {backTo && (
        <IconButton
          component={RouterLink}
          to={backTo}
          aria-label={WORKSPACE_TEXT.patientDetail.backToList}
          sx={{ gridArea: 'back', display: { xs: 'inline-flex', sm: 'none' }, ml: -0.75, width: 44, height: 44 }}
        >
          <ArrowBack />
        </IconButton>
      )}
      <Avatar
        sx={{
          gridArea: 'avatar',
          // On a phone the back arrow takes the avatar's place.
          display: backTo ? { xs: 'none', sm: 'flex' } : undefined,
          width: { xs: 40, sm: 56 },
          height: { xs: 40, sm: 56 },
          bgcolor: avatarColor(patient.id),
          fontWeight: 700,
          fontSize: { xs: 16, sm: 20 },
        }}
      >
        {patientInitials(patient)}
      </Avatar>
      <Typography
        variant="h5"
        component="h1"
        sx={{ gridArea: 'name', fontWeight: 700, overflowWrap: 'anywhere', fontSize: { xs: '1.125rem', sm: '1.5rem' }, lineHeight: 1.3 }}
      >
        {fullName(patient)}
      </Typography>
      {status && (
        <Chip
          label={status.badge}
          color={status.color}
          variant="outlined"
          data-testid="therapy-status-badge"
          sx={{
            gridArea: 'status',
            justifySelf: { xs: 'start', sm: 'end' },
            height: { xs: 22, sm: 32 },
            '& .MuiChip-label': { px: { xs: 0.75, sm: 1.5 } },
          }}
        />
      )}
      <Typography
        color="text.secondary"
        variant="body2"
        sx={{ gridArea: 'facts', minWidth: 0, overflowWrap: 'anywhere' }}
        data-testid="patient-header-facts"
      >
        {hasAge && (
          <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
            {ageLabel(patient.edad)}
          </Box>
        )}
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {patient.email}
        </Box>
        {phone && (
          <>
            <Box component="span" aria-hidden sx={{ display: { xs: hasAge ? 'inline' : 'none', sm: 'inline' } }}>
              {' · '}
            </Box>
            <span>{phone}</span>
          </>
        )}
      </Typography>
    </Card>
  );
}
