import type { DuplicatePush } from './analysis';
import type { DuplicateDelivery } from './messaging';

const time = (ms: number) => new Date(ms).toISOString().slice(11, 23);

interface Named {
  first: { at: number; socketId: string };
  second: { at: number; socketId: string };
  reconnectedBetween: boolean;
  socketEvents: string[];
}

function arrivals(d: Named): string {
  const sockets =
    d.first.socketId === d.second.socketId
      ? `both on socket ${d.first.socketId}`
      : `on socket ${d.first.socketId}, then on socket ${d.second.socketId}`;
  const between = d.reconnectedBetween
    ? `the socket reconnected in between${d.socketEvents.length > 0 ? `: ${d.socketEvents.join('; ')}` : ''}`
    : 'no reconnection in between';
  return (
    `first at ${time(d.first.at)}, again at ${time(d.second.at)} ` +
    `(+${d.second.at - d.first.at} ms), ${sockets}; ${between}`
  );
}

/**
 * Every duplicated delivery, named: which message (and conversation) or badge version, which
 * member and socket, both arrival times and whether that member's socket reconnected in between.
 * Empty when there were none.
 */
export function duplicateReport(found: {
  badges: DuplicatePush[];
  messaging: DuplicateDelivery[];
}): string {
  const lines = [
    ...found.messaging.map(
      (d) =>
        `- messaging run ${d.run}: message ${d.messageId} (conversation ${d.conversationId}) ` +
        `to member ${d.member} (${d.memberId}): ${arrivals(d)}`,
    ),
    ...found.badges.map(
      (d) => `- badges: version ${d.version} to member ${d.member} (${d.memberId}): ${arrivals(d)}`,
    ),
  ];
  if (lines.length === 0) return '';
  return `\nDuplicated deliveries (times UTC)\n\n${lines.join('\n')}\n`;
}
