import http from 'node:http';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** Whether the request went out on a connection an earlier request had used. */
  reusedSocket: boolean;
}

/**
 * One keep-alive connection to a server, as a browser holds it: every request goes out on the
 * same socket while the server keeps it open. Supertest opens a connection per request, so it
 * cannot show what an answer leaves behind for the next request.
 */
export function keepAliveConnection(baseUrl: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    send(
      method: string,
      path: string,
      options: { headers?: Record<string, string>; body?: Buffer } = {},
    ): Promise<RawAnswer> {
      return new Promise((resolve, reject) => {
        const req = http.request(
          new URL(path, baseUrl),
          { method, agent, headers: options.headers },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                text: Buffer.concat(chunks).toString('utf8'),
                reusedSocket: req.reusedSocket,
              }),
            );
          },
        );
        req.on('error', reject);
        req.end(options.body);
      });
    },
    close(): void {
      agent.destroy();
    },
  };
}
