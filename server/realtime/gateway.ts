import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { HEALTH_CHECK_INTERVAL_MS } from '../../shared/constants';
import type { SessionFinder } from '../core/session';
import { MODERATION_ROOM, moderates, OPS_ROOM, sessionRoom, userRoom } from './pusher';
import type { SocketFeature } from './socket-feature';

/**
 * socket.io on the app's HTTP server. The handshake carries the same session cookie as REST;
 * a socket without a live session is refused, so it never joins a room or receives a push.
 */
export function createGateway(
  httpServer: HttpServer,
  findSession: SessionFinder,
  publicUrl: string,
  features: SocketFeature[] = [],
): Server {
  const trusted = new URL(publicUrl).origin;
  const io = new Server(httpServer, {
    serveClient: false,
    // A ping every 30 s; a connection silent for 20 s more (socket.io's pingTimeout) is dead,
    // and the client reconnects.
    pingInterval: HEALTH_CHECK_INTERVAL_MS,
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      const own = [`http://${req.headers.host}`, `https://${req.headers.host}`];
      callback(null, !origin || origin === trusted || own.includes(origin));
    },
  });
  io.use((socket, next) => {
    findSession(socket.request.headers.cookie)
      .then((session) => {
        if (!session) return next(new Error('unauthorized'));
        socket.data.session = session;
        next();
      })
      .catch(() => next(new Error('unavailable')));
  });
  io.on('connection', (socket) => {
    const session = socket.data.session as NonNullable<Awaited<ReturnType<SessionFinder>>>;
    const rooms = [userRoom(session.userId), sessionRoom(session.id)];
    if (session.user.role === 'owner') rooms.push(OPS_ROOM);
    if (moderates(session.user.role)) rooms.push(MODERATION_ROOM);
    void socket.join(rooms);
    for (const feature of features) feature.attach(socket, session, io);
  });
  return io;
}
