import { Module } from '@nestjs/common';
import { PatientsModule } from '../patients/patients.module';
import { PasswordsModule } from '../auth/passwords';
import { InvitationsController } from './invitations.controller';
import { InvitationsService } from './invitations.service';

@Module({ imports: [PatientsModule, PasswordsModule], controllers: [InvitationsController], providers: [InvitationsService] })
export class InvitationsModule {}
