import { DynamicModule, Module } from '@nestjs/common';
import { AccessHistoryModule } from './access-history/access-history.module';
import { AgendaModule } from './agenda/agenda.module';
import { QuestionnairesModule } from './questionnaires/questionnaires.module';
import { AiAgentModule } from './ai-agent/ai-agent.module';
import { AiModule } from './ai/ai.module';
import { AnalysisModule } from './analysis/analysis.module';
import { AuthModule } from './auth/auth.module';
import { BackupModule } from './backup/backup.module';
import { LoggingModule } from './common/logging/logging.module';
import { RedisModule } from './common/redis/redis.module';
import { ThrottleModule } from './common/throttle/throttle.module';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { ConsentsModule } from './consents/consents.module';
import { DatabaseModule } from './database/database.module';
import { DraftsModule } from './drafts/drafts.module';
import { ExercisesModule } from './exercises/exercises.module';
import { ExportsModule } from './exports/exports.module';
import { InvitationsModule } from './invitations/invitations.module';
import { JobsModule } from './jobs/jobs.module';
import { MailModule } from './mail/mail.module';
import { HealthModule } from './ops/health.module';
import { PatientAreaModule } from './patient-area/patient-area.module';
import { PatientsModule } from './patients/patients.module';
import { SearchModule } from './search/search.module';
import { SessionTypesModule } from './session-types/session-types.module';
import { SessionsModule } from './sessions/sessions.module';
import { FILE_REFERENCES } from './files/file-references';
import { PRACTICE_PEOPLE_SQL } from './patients/patient-reads.sql';
import { StorageApiModule } from './files/storage-api.module';
import { StorageModule } from './storage/storage.module';
import { TherapistsModule } from './therapists/therapists.module';
import { TranscriptionModule } from './transcription/transcription.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(config),
        DatabaseModule.forRoot(config),
        RedisModule,
        ThrottleModule,
        JobsModule,
        MailModule,
        StorageModule.forRoot(FILE_REFERENCES),
        AiModule.forRoot(PRACTICE_PEOPLE_SQL),
        AuthModule,
        // Before PatientsModule and SessionsModule: /pacientes/perfil must not be read as /pacientes/{id}.
        PatientAreaModule,
        AgendaModule,
        QuestionnairesModule,
        PatientsModule,
        ConsentsModule,
        InvitationsModule,
        SessionTypesModule,
        SessionsModule,
        DraftsModule,
        ExercisesModule,
        StorageApiModule,
        TherapistsModule,
        TranscriptionModule,
        AnalysisModule,
        AiAgentModule,
        AccessHistoryModule,
        ExportsModule,
        SearchModule,
        HealthModule,
        // Only with Redis queues and operator credentials: otherwise /admin/queues is an unknown path (404), and
        // @bull-board is not even loaded.
        ...(config.redisUrl && config.ops ? [import('./ops/queue-dashboard.module.js').then((m) => m.QueueDashboardModule.forRoot())] : []),
        // Only with operator credentials: otherwise /metrics is an unknown path, prom-client is not loaded and no
        // request is timed.
        ...(config.ops ? [import('./ops/metrics/metrics.module.js').then((m) => ({ module: m.MetricsModule }))] : []),
        // The embedded database lives in this process: so do its backups.
        ...(config.embedded ? [BackupModule] : []),
      ],
    };
  }
}
