import { OPS_EVENTS } from '../../../shared/ops/realtime';
import { OPS_ROOM, type Pusher } from '../../realtime/pusher';
import { alertEventTypes } from './alerts-projection';
import { presentAlert } from './presenters';

const ALERT_EVENTS = new Set<string>(alertEventTypes);

/** After any alert event, pushes each alert it touched, whole and with its version, to operators. */
export const alertsPusher: Pusher = {
  name: 'alerts',
  async push(events, io, db) {
    const ids = new Set<string>();
    for (const event of events) {
      if (ALERT_EVENTS.has(event.type)) ids.add((event.data as { alertId: string }).alertId);
    }
    if (ids.size === 0 || (io.sockets.adapter.rooms.get(OPS_ROOM)?.size ?? 0) === 0) return;
    const rows = await db
      .selectFrom('alerts')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
    for (const row of rows)
      io.local.to(OPS_ROOM).emit(OPS_EVENTS.alert, { alert: presentAlert(row) });
  },
};
