import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { AppointmentState } from '@consulta/shared';
import type { ComponentType } from 'react';

/**
 * How each state of an appointment looks wherever it is shown (the calendar, the legend, the lists, the patient's
 * and the public pages): a colour pair with at least 4.5:1 of contrast, and an icon, so the state is never told by
 * colour alone (its label goes with it).
 */
export interface StateLook {
  background: string;
  color: string;
  icon: ComponentType<SvgIconProps>;
  /** A cancelled appointment no longer takes up its time: drawn faded and struck through. */
  struck?: boolean;
}

export const STATE_LOOK: Record<AppointmentState, StateLook> = {
  programada: { background: '#2f6f9f', color: '#ffffff', icon: ScheduleOutlined },
  confirmada: { background: '#2e7d5b', color: '#ffffff', icon: CheckCircleOutlined },
  cancelada: { background: '#eceff1', color: '#4b5563', icon: EventBusyOutlined, struck: true },
  realizada: { background: '#5b6bb0', color: '#ffffff', icon: DoneAllOutlined },
  no_asistio: { background: '#a15c07', color: '#ffffff', icon: PersonOffOutlined },
};
