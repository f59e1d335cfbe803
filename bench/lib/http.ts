import http from 'node:http';

/** One keep-alive pool to the server under test (127.0.0.1 only). */
export function httpClient(baseUrl: string, maxSockets = 64) {
  const base = new URL(baseUrl);
  if (base.hostname !== '127.0.0.1') throw new Error('benchmarks talk to 127.0.0.1 only');
  const agent = new http.Agent({ keepAlive: true, maxSockets });

  function request(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    token: string,
    body?: unknown,
  ): Promise<{ status: number; body: string }> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: base.hostname,
          port: base.port,
          method,
          path,
          agent,
          headers: {
            accept: 'application/json',
            'access-token': token,
            'web-type': 'web',
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          },
          timeout: 30_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  return {
    get: (path: string, token: string) => request('GET', path, token),
    post: (path: string, token: string, body: unknown) => request('POST', path, token, body),
    patch: (path: string, token: string, body?: unknown) => request('PATCH', path, token, body),
    delete: (path: string, token: string) => request('DELETE', path, token),
    close: () => agent.destroy(),
  };
}
