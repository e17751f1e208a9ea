import type { EventType } from '../../../shared/events';
import { qb, statement } from '../../db/statement';
import type { Projection } from '../../eventstore/projection';

export const alertEventTypes = [
  'AlertRaised',
  'AlertAcknowledged',
  'AlertResolved',
] as const satisfies readonly EventType[];

export const alertStreamId = (alertId: string) => `alert-${alertId}`;

/**
 * The `alerts` read model. Every value comes from the event (times included), and `version` is
 * the stream version, so a rebuild writes identical rows.
 */
export const alertsProjection: Projection = {
  name: 'alerts',
  tables: ['alerts'],
  handles: alertEventTypes,
  project(event) {
    switch (event.type) {
      case 'AlertRaised':
        return [
          statement(
            qb.insertInto('alerts').values({
              id: event.data.alertId,
              rule: event.data.rule,
              title: event.data.title,
              message: event.data.message,
              severity: event.data.severity,
              raised_at: new Date(event.data.raisedAt),
              raised_by: event.data.raisedBy,
              acknowledged: false,
              acknowledged_by_id: null,
              acknowledged_by_name: null,
              acknowledged_at: null,
              resolved: false,
              resolved_at: null,
              version: event.streamVersion,
            }),
          ),
        ];
      case 'AlertAcknowledged':
        return [
          statement(
            qb
              .updateTable('alerts')
              .set({
                acknowledged: true,
                acknowledged_by_id: event.data.userId,
                acknowledged_by_name: event.data.name,
                acknowledged_at: event.occurredAt,
                version: event.streamVersion,
              })
              .where('id', '=', event.data.alertId),
          ),
        ];
      case 'AlertResolved':
        return [
          statement(
            qb
              .updateTable('alerts')
              .set({
                resolved: true,
                resolved_at: new Date(event.data.resolvedAt),
                version: event.streamVersion,
              })
              .where('id', '=', event.data.alertId),
          ),
        ];
      default:
        return [];
    }
  },
};
