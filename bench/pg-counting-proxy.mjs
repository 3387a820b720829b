// A TCP proxy in front of PostgreSQL that counts the statements clients execute, by reading the
// frontend/backend protocol: a simple query is one 'Q' message, an extended-protocol statement one 'E'.
import net from 'node:net';

export function startCountingProxy({ targetHost = '127.0.0.1', targetPort = 5432 } = {}) {
  const counter = { statements: 0 };
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost);
    let buffer = Buffer.alloc(0);
    let started = false; // the startup message has no type byte
    client.on('data', (chunk) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          if (buffer.length < 4) break;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) break;
          const code = buffer.readInt32BE(4);
          buffer = buffer.subarray(length);
          if (code !== 80877103) started = true; // an SSLRequest is followed by the real startup
          continue;
        }
        if (buffer.length < 5) break;
        const length = buffer.readInt32BE(1);
        if (buffer.length < length + 1) break;
        const type = String.fromCharCode(buffer[0]);
        if (type === 'Q' || type === 'E') counter.statements += 1;
        buffer = buffer.subarray(length + 1);
      }
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ port: server.address().port, counter, close: () => server.close() }));
  });
}
