import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { PatientOwnProfile } from '@consulta/shared';
import { InfoField, InfoGrid } from '../../components/InfoBlock';
import { MY_PROFILE_TEXT } from '../../i18n/es/patient-area';
import { formatDateEs, formatDateTimeEs } from '../../i18n/format';

const T = MY_PROFILE_TEXT;

/** The second card of 'Mi Perfil': therapist, start, next session, sessions completed, last session. */
export function TherapyCard({ profile }: { profile: PatientOwnProfile }) {
  return (
    <Card component="section" aria-labelledby="therapy-card-title" data-testid="therapy-card">
      <CardContent sx={{ p: { xs: 2.25, sm: 3 } }}>
        <Typography id="therapy-card-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          {T.therapy.title}
        </Typography>
        <InfoGrid columns={2} phoneColumns={1}>
          <InfoField label={T.therapy.therapist} value={profile.terapeuta_asignado} wide />
          <InfoField label={T.therapy.start} value={formatDateEs(profile.fecha_ingreso, T.notSpecified)} missing={!profile.fecha_ingreso} />
          <InfoField label={T.therapy.completed} value={String(profile.sesiones_completadas)} />
          <InfoField
            label={T.therapy.next}
            value={formatDateTimeEs(profile.proxima_sesion, T.notScheduled)}
            missing={!profile.proxima_sesion}
          />
          <InfoField label={T.therapy.last} value={formatDateTimeEs(profile.ultima_sesion, T.noneYet)} missing={!profile.ultima_sesion} />
        </InfoGrid>
      </CardContent>
    </Card>
  );
}
