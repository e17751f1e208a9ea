import type { Pusher } from '../../realtime/pusher';

export const notificationsPusher: Pusher = { name: 'notifications', push: async () => undefined };
