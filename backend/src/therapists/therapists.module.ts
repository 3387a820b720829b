import { Module } from '@nestjs/common';
import { TherapistProfileController } from './therapist-profile.controller';
import { TherapistProfileService } from './therapist-profile.service';

@Module({ controllers: [TherapistProfileController], providers: [TherapistProfileService] })
export class TherapistsModule {}
