import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Google's userinfo endpoint (GET with `Authorization: Bearer <token>`). Tokens say who
 * they are: `valid:<email>` (verified), `pictured:<email>#<picture>` (verified, with that picture),
 * `unverified:<email>`, `noemail`, `error500` (HTTP 500), `hangup` (connection closed without an answer);
 * anything else → 401 like Google.
 */
export async function startFakeGoogle(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET' || !req.url?.startsWith('/userinfo')) return json(404, { error: 'not_found' });
    const [kind, email] = token.split(/:(.*)/s);
    if (kind === 'valid' && email) {
      return json(200, { sub: `g-${email}`, email, email_verified: true, name: 'Google User', picture: 'https://example.com/p.png' });
    }
    if (kind === 'pictured' && email) {
      const [address, picture] = email.split(/#(.*)/s);
      return json(200, { sub: `g-${address}`, email: address, email_verified: true, name: 'Google User', picture });
    }
    if (kind === 'unverified' && email) return json(200, { sub: `g-${email}`, email, email_verified: false });
    if (kind === 'noemail') return json(200, { sub: 'g-noemail' });
    if (kind === 'error500') return json(500, { error: 'backend_error' });
    if (kind === 'hangup') return req.socket.destroy();
    return json(401, { error: 'invalid_token', error_description: 'Invalid Credentials' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/userinfo`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
