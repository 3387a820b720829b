import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EDUCATION_LEVELS, MARITAL_STATUSES, formatPhone, labelOf, type PatientDetail } from '@consulta/shared';
import type { Ref } from 'react';
import { InfoBlock, InfoField, InfoGrid, LongText } from '../../../components/InfoBlock';
import { TEXT } from '../../../i18n/es/app';
import { WORKSPACE_TEXT } from '../../../i18n/es/workspace';
import { formatDateEs } from '../../../i18n/format';
import { AppointmentsTabLink, nextAppointmentText } from '../../agenda/NextAppointment';
import { fullName } from '../patientFormat';
import { therapyStatusView } from './therapyStatus';

const T = WORKSPACE_TEXT.patientDetail;
const F = T.fields;
const { masculine, feminine, notRecorded, notScheduled } = T.missing;

const present = (value: string | null | undefined): value is string => Boolean(value && value.trim());

/** A value, or its gendered 'No especificado/a' greyed out. */
function TextValue({ label, value, missing }: { label: string; value: string | null | undefined; missing: string }) {
  return <InfoField label={label} value={present(value) ? value : missing} missing={!present(value)} />;
}

function flag(value: boolean | null | undefined): { text: string; missing: boolean } {
  if (value === true) return { text: TEXT.common.yes, missing: false };
  if (value === false) return { text: TEXT.common.no, missing: false };
  return { text: masculine, missing: true };
}

/**
 * The patient-info tab in view mode: personal, therapy, previous experience and therapy details, then the notes the
 * patient writes about themself in 'Mi Perfil' (read-only here, apart from the therapist's own notes).
 */
export function PatientInfoView({
  patient,
  zone,
  onEdit,
  editRef,
}: {
  patient: PatientDetail;
  /** The therapist's zone, in which the next appointment is told. */
  zone: string;
  onEdit: () => void;
  editRef?: Ref<HTMLButtonElement>;
}) {
  const status = therapyStatusView(patient.estado_terapia);
  const nextAppointment = nextAppointmentText(patient.proxima_cita, zone, notScheduled);
  const phone = formatPhone(patient.telefono_paciente || patient.telefono);
  const details = [
    { label: F.proposal, value: patient.propuesta_terapia },
    { label: F.goals, value: patient.objetivos_terapia },
    { label: F.plan, value: patient.plan_tratamiento },
    { label: F.notes, value: patient.notas_terapeuticas },
  ].filter((d) => present(d.value));
  const history = [
    { label: F.priorTherapy, value: flag(patient.ha_hecho_terapia) },
    { label: F.psychedelics, value: flag(patient.ha_hecho_psicodelicos) },
    { label: F.constellations, value: flag(patient.ha_hecho_constelaciones) },
  ];
  return (
    <Stack spacing={2.5} data-testid="patient-info">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {T.tabs.info}
        </Typography>
        <Button variant="outlined" startIcon={<EditOutlined />} onClick={onEdit} ref={editRef}>
          {T.edit}
        </Button>
      </Stack>
      <InfoBlock title={T.blocks.personal} headingLevel="h3">
        <InfoGrid>
          <InfoField label={F.fullName} value={fullName(patient)} />
          <InfoField label={F.email} value={patient.email} />
          <TextValue label={F.phone} value={phone} missing={masculine} />
          <InfoField label={F.age} value={patient.edad === null ? feminine : T.ageYears(patient.edad)} missing={patient.edad === null} />
          <TextValue
            label={F.maritalStatus}
            value={labelOf(MARITAL_STATUSES, patient.estado_civil) ?? patient.estado_civil}
            missing={masculine}
          />
          <TextValue label={F.occupation} value={patient.profesion_ocupacion} missing={feminine} />
          <TextValue
            label={F.education}
            value={labelOf(EDUCATION_LEVELS, patient.nivel_escolaridad) ?? patient.nivel_escolaridad}
            missing={masculine}
          />
          <InfoField label={F.birthDate} value={formatDateEs(patient.fecha_nacimiento, feminine)} missing={!patient.fecha_nacimiento} />
          <TextValue label={F.gender} value={patient.genero} missing={masculine} />
        </InfoGrid>
      </InfoBlock>
      <InfoBlock title={T.blocks.therapy} headingLevel="h3">
        <InfoGrid phoneColumns={2}>
          <InfoField label={F.admissionDate} value={formatDateEs(patient.fecha_ingreso, notRecorded)} missing={!patient.fecha_ingreso} />
          <InfoField
            label={F.therapyStatus}
            value={
              status ? (
                <Chip size="small" label={status.label} color={status.color} variant="outlined" component="span" />
              ) : (
                patient.estado_terapia || masculine
              )
            }
            missing={!patient.estado_terapia}
          />
          <TextValue label={F.serviceType} value={patient.tipo_servicio} missing={masculine} />
          <InfoField label={F.totalSessions} value={String(patient.total_sesiones ?? 0)} />
          <InfoField label={F.totalMinutes} value={T.minutes(patient.total_tiempo_minutos ?? 0)} />
          <InfoField label={F.lastSession} value={formatDateEs(patient.ultima_sesion, notRecorded)} missing={!patient.ultima_sesion} />
          <InfoField
            label={F.nextAppointment}
            value={
              <>
                {nextAppointment}
                <Box component="span" sx={{ display: 'block', fontSize: '0.875rem', fontWeight: 400 }}>
                  <AppointmentsTabLink patientId={patient.id} />
                </Box>
              </>
            }
            missing={!patient.proxima_cita}
          />
        </InfoGrid>
      </InfoBlock>
      <InfoBlock title={T.blocks.history} headingLevel="h3">
        <InfoGrid phoneColumns={2}>
          {history.map((h) => (
            <InfoField key={h.label} label={h.label} value={h.value.text} missing={h.value.missing} />
          ))}
        </InfoGrid>
      </InfoBlock>
      <InfoBlock title={T.blocks.details} headingLevel="h3">
        {details.length > 0 ? (
          <Stack spacing={2.25} component="dl" sx={{ m: 0 }}>
            {details.map((d) => (
              <InfoField key={d.label} label={d.label} value={<LongText>{d.value}</LongText>} />
            ))}
          </Stack>
        ) : (
          <Typography color="text.secondary">{T.noDetails}</Typography>
        )}
      </InfoBlock>
      {present(patient.notas_paciente) && (
        <InfoBlock title={T.blocks.patientNotes} headingLevel="h3">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {T.patientNotesHint}
          </Typography>
          <Box data-testid="patient-own-notes">
            <LongText>{patient.notas_paciente}</LongText>
          </Box>
        </InfoBlock>
      )}
    </Stack>
  );
}
