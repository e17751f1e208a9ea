import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { Server } from 'socket.io';
import { HEALTH_CHECK_INTERVAL_MS } from '../../shared/constants';
import { apiTokenMessages, type ApiTokenScope } from '../../shared/api-tokens/scopes';
import { DomainError, forbidden } from '../core/errors';
import type { ActiveSession, SessionFinder, TokenFinder } from '../core/session';
import { bearerSecretOfHeader } from '../http/caller';
import {
  messagesRoom,
  MODERATION_ROOM,
  moderates,
  OPS_ROOM,
  sessionRoom,
  userRoom,
} from './pusher';
import { mayUse, type SocketFeature } from './socket-feature';

/** The API token a handshake carries: `auth: { token }`, or an `Authorization: Bearer` header. */
function tokenOf(auth: unknown, authorization: string | undefined): string | undefined {
  const given = (auth as { token?: unknown } | undefined)?.token;
  if (typeof given === 'string') return given;
  return bearerSecretOfHeader(authorization);
}

const hasScope = (session: ActiveSession, scope: ApiTokenScope): boolean =>
  session.credential.kind === 'cookie' || session.credential.scopes.includes(scope);

/**
 * The rooms a socket joins. A session's socket hears everything of its member's; a token's hears
 * what its scopes let it read: the member's room needs `read` (the handshake refuses a token
 * without it), their messages and typing `messages`, the operators' room `admin`.
 */
function roomsOf(session: ActiveSession): string[] {
  const rooms = [userRoom(session.userId), sessionRoom(session.id)];
  if (hasScope(session, 'messages')) rooms.push(messagesRoom(session.userId));
  if (session.user.role === 'owner' && hasScope(session, 'admin')) rooms.push(OPS_ROOM);
  if (moderates(session.user.role)) rooms.push(MODERATION_ROOM);
  return rooms;
}

/**
 * socket.io on the app's HTTP server. The handshake carries the same session cookie as REST, or
 * an API token with the `read` scope; a socket without either is refused, so it never joins a
 * room or receives a push.
 */
export function createGateway(
  httpServer: HttpServer,
  findSession: SessionFinder,
  findToken: TokenFinder,
  clientOf: (request: IncomingMessage) => string,
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
    const token = tokenOf(socket.handshake.auth, socket.request.headers.authorization);
    const found =
      token === undefined
        ? findSession(socket.request.headers.cookie)
        : findToken(token, clientOf(socket.request)).then((session) => {
            if (!hasScope(session, 'read')) {
              throw forbidden('insufficient-scope', apiTokenMessages.insufficientScope('read'));
            }
            return session;
          });
    found
      .then((session) => {
        if (!session) return next(new Error('unauthorized'));
        socket.data.session = session;
        next();
      })
      .catch((error: unknown) => {
        // The client reads why in `connect_error`'s message: a token's refusal names its code.
        if (error instanceof DomainError) return next(new Error(error.code));
        next(new Error('unavailable'));
      });
  });
  io.on('connection', (socket) => {
    const session = socket.data.session as ActiveSession;
    void socket.join(roomsOf(session));
    for (const feature of features) {
      if (mayUse(session, feature)) feature.attach(socket, session, io);
    }
  });
  return io;
}
