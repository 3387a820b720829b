import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import { AgendaController } from './agenda.controller';
import { AgendaMail } from './agenda-mail.service';
import { AppointmentLinks } from './appointment-links.service';
import { AgendaService } from './agenda.service';
import { AppointmentReminders } from './appointment-reminders.service';
import { AppointmentsQuery } from './appointments.query';
import { CalendarFeedController, CalendarFeedIcsController } from './calendar-feed.controller';
import { CalendarFeedService } from './calendar-feed.service';
import { PatientAppointmentsController } from './patient-appointments.controller';
import { PatientAppointmentsService } from './patient-appointments.service';
import { PublicAppointmentsController } from './public-appointments.controller';
import { PublicAppointmentsService } from './public-appointments.service';

@Module({
  imports: [AccessModule],
  // The fixed paths under citas/ (publica/…, calendario) before AgendaController's citas/{id}.
  controllers: [
    PublicAppointmentsController,
    CalendarFeedController,
    CalendarFeedIcsController,
    AgendaController,
    PatientAppointmentsController,
  ],
  providers: [
    AgendaService,
    AppointmentsQuery,
    AgendaMail,
    AppointmentLinks,
    PatientAppointmentsService,
    PublicAppointmentsService,
    CalendarFeedService,
    AppointmentReminders,
  ],
  exports: [AgendaService, PatientAppointmentsService],
})
export class AgendaModule {}
