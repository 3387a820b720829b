import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatPhone, type PatientDetail } from '@consulta/shared';
import { avatarColor, fullName, patientInitials } from '../patientFormat';
import { therapyStatusView } from './therapyStatus';

/** The patient's name (the page heading), contact and therapy status. */
export function PatientHeader({ patient }: { patient: PatientDetail }) {
  const status = therapyStatusView(patient.estado_terapia);
  return (
    <Card sx={{ mb: 2.5 }}>
      <CardContent sx={{ p: { xs: 2.25, sm: 3 }, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Avatar sx={{ width: 56, height: 56, bgcolor: avatarColor(patient.id), fontWeight: 700, fontSize: 20 }}>
          {patientInitials(patient)}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {fullName(patient)}
          </Typography>
          <Typography color="text.secondary" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {patient.email}
            {patient.telefono_paciente ? ` · ${formatPhone(patient.telefono_paciente)}` : ''}
          </Typography>
        </Box>
        {status && <Chip label={status.badge} color={status.color} variant="outlined" data-testid="therapy-status-badge" />}
      </CardContent>
    </Card>
  );
}
