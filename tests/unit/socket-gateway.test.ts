import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'socket.io';
import { createGateway } from '../../server/realtime/gateway';

let http: HttpServer;
let io: Server;
let url: string;

beforeAll(async () => {
  http = createServer();
  const refuse = () => Promise.reject(new Error('no tokens here'));
  io = createGateway(
    http,
    async () => null,
    refuse,
    () => '127.0.0.1',
    'http://127.0.0.1',
  );
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await io.close();
});

/** The engine's handshake: `0` and the session's settings as JSON, what every client is told. */
async function handshake(): Promise<{ pingInterval: number; pingTimeout: number }> {
  const res = await fetch(`${url}/socket.io/?EIO=4&transport=polling`);
  expect(res.status).toBe(200);
  const body = await res.text();
  expect(body.startsWith('0')).toBe(true);
  return JSON.parse(body.slice(1)) as { pingInterval: number; pingTimeout: number };
}

describe('the realtime channel', () => {
  it('checks the connection’s health every 30 s (000 §9)', async () => {
    const settings = await handshake();
    expect(settings.pingInterval).toBe(30_000);
    // A dead connection is noticed within the interval and the timeout.
    expect(settings.pingTimeout).toBe(20_000);
  });
});
