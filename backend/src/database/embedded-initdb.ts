// Child process of createEmbeddedCluster: `node embedded-initdb.js <pgdata>` creates the PGlite cluster and exits.
import { PGlite } from '@electric-sql/pglite';
import { createFilesOwnerOnly } from '../common/files/owner-only';

createFilesOwnerOnly();
PGlite.create({ dataDir: process.argv[2] })
  .then((db) => db.close())
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
