import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that counts the statements its clients execute, by reading the wire
 * protocol: a simple query is one 'Q' message, an extended-protocol statement one 'E' (Execute).
 * The bench (run by Node's type stripping) and the backend's query-budget test share it. The access history's
 * INSERT (one per request at most, shared by the requests that settle together) is counted apart, in `recorded`:
 * the budgets are of the work a request does, and the tests check the recording separately.
 */
export async function startCountingProxy(target: { host: string; port: number }) {
  const counter = { statements: 0, recorded: 0 };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    // Without this, Nagle's algorithm on the extra hop adds delayed-ACK stalls to the timings.
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    sockets.add(client).add(upstream);
    let buffer = Buffer.alloc(0);
    let started = false;
    let parsed = ''; // the text of the last statement parsed (extended protocol: Parse, Bind, Execute)
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          if (buffer.length < 8) break;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) break;
          const code = buffer.readInt32BE(4);
          buffer = buffer.subarray(length);
          if (code !== 80877103) started = true; // an SSLRequest comes before the real startup message
          continue;
        }
        if (buffer.length < 5) break;
        const length = buffer.readInt32BE(1);
        if (buffer.length < length + 1) break;
        const type = String.fromCharCode(buffer[0]);
        const body = buffer.subarray(5, length + 1);
        if (type === 'P') parsed = body.subarray(body.indexOf(0) + 1).toString('utf8');
        if (type === 'Q' || type === 'E') {
          const text = type === 'Q' ? body.toString('utf8') : parsed;
          if (/^\s*insert into access_history\b/i.test(text)) counter.recorded += 1;
          else counter.statements += 1;
        }
        buffer = buffer.subarray(length + 1);
      }
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    counter,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
