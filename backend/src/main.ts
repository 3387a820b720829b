import { Logger } from '@nestjs/common';
import { createApp } from './app';
import { stopWithin } from './common/process/stop-deadline';
import { createFilesOwnerOnly, dataDirWarning } from './common/files/owner-only';
import { ConfigError, loadConfig, type AppConfig } from './config/app-config';
import { DataDirInUseError } from './database/data-dir-lock';
import { RestoreUnfinished } from './backup/restore-marker';
import { DEMO_PASSWORD, DEMO_PATIENTS, DEMO_THERAPIST } from './database/seeders/demo-data';

async function main(): Promise<void> {
  createFilesOwnerOnly();
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  stopWithin(config.shutdownTimeoutMs, 'Consulta');
  // What was there before this start (what it creates is owner-only), told once the app listens.
  const openDataDir = await dataDirWarning(config.dataDir);
  const { app, migrations, seeded } = await createApp(config);
  await app.listen(config.port);
  const logger = new Logger('Consulta');
  for (const warning of openDataDir ? [...config.warnings, openDataDir] : config.warnings) logger.warn(warning);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  const database = config.embedded ? `embedded PostgreSQL (PGlite) in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  if (migrations.length > 0) logger.log(`Applied migrations: ${migrations.join(', ')}`);
  if (seeded) logger.log('Seeded the demo practice');
  logger.log(`Listening on ${url} with ${database}`);
  const docs = config.apiDocs ? `${url}/api/docs` : 'off (API_DOCS=false)';
  logger.log(`UI: ${config.frontendDist ? url : `(no built frontend found; API only)`} · API: ${url}/api/v1 · docs: ${docs}`);
  if (config.demoLogin) {
    logger.log(`Sign in: open ${url}/login and use the demo buttons (therapist ${DEMO_THERAPIST.email} or a patient),`);
    logger.log(`or the patient e-mail + password form: ${DEMO_PATIENTS[0].email} / ${DEMO_PASSWORD}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof DataDirInUseError || error instanceof RestoreUnfinished ? error.message : error);
  process.exit(1);
});
