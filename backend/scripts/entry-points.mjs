// Writes backend/dist/main.js, cli.js and worker.js: the compiled sources live under dist/backend/src
// (the build's rootDir is the repository, so that libs/shared compiles alongside).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
for (const name of ['main', 'cli', 'worker']) {
  writeFileSync(path.join(dist, `${name}.js`), `'use strict';\nrequire('./backend/src/${name}.js');\n`);
}
