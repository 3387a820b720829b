// The reference of the storage benchmark: a bare Node HTTP server (no framework, no checks, no database) that takes
// `PUT /part/{n}` and writes the body at offset (n - 1) * partSize of one file, answering an ETag, as the simplest
// server doing the multipart upload's work would. Run by bench/storage.mjs in its own process, as the app is.
// Usage: node bench/bare-part-server.mjs <file> <partSize>; prints the port it listens on.
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';

const [file, partSizeArg] = process.argv.slice(2);
const partSize = Number(partSizeArg);
await writeFile(file, '');

const server = http.createServer(async (req, res) => {
  const part = /^\/part\/(\d+)$/.exec(req.url ?? '');
  if (req.method !== 'PUT' || !part) return res.writeHead(404).end();
  try {
    await pipeline(req, createWriteStream(file, { flags: 'r+', start: (Number(part[1]) - 1) * partSize }));
    res.writeHead(200, { ETag: `"${part[1]}"` }).end();
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
