/** Who a notification names: one row per actor, newest first by `position`. */
export interface NotificationActorsTable {
  notification_id: string;
  actor_id: string;
  /** The log position of the event that last brought the actor to the notification. */
  position: number;
}
