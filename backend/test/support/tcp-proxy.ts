import net from 'node:net';

/**
 * A TCP forwarder between an app under test and a server the other tests share (the run's PostgreSQL): the app is
 * given the proxy's address, and the test cuts it (every open connection reset, new ones refused, as when the
 * server stops) and restores it on the same port, or slows its answers, without touching the shared server.
 */
export interface TcpProxy {
  port: number;
  /** The target's URL with the proxy's host and port (e.g. a DATABASE_URL through the proxy). */
  via: (url: string) => string;
  /** Resets every connection and stops listening: connecting is refused until restore(). */
  cut: () => Promise<void>;
  /** Listens again on the same port. */
  restore: () => Promise<void>;
  /** Passes on what the target answers `ms` late, in order (0: at once again): a slow peer that does all it is asked. */
  answerLate: (ms: number) => void;
  close: () => Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let lateMs = 0;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost);
    track(client);
    track(upstream);
    client.pipe(upstream);
    let answered = Promise.resolve();
    upstream.on('data', (chunk: Buffer) => {
      const due = Date.now() + lateMs;
      answered = answered.then(async () => {
        if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
        if (!client.destroyed) client.write(chunk);
      });
    });
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const stop = async () => {
    for (const socket of sockets) socket.resetAndDestroy();
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  await listen();
  return {
    port,
    via: (url) => {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return proxied.href;
    },
    cut: stop,
    restore: listen,
    close: stop,
    answerLate: (ms) => {
      lateMs = ms;
    },
  };
}
