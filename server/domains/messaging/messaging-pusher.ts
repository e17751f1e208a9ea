import type { Pusher } from '../../realtime/pusher';

export const messagingPusher: Pusher = { name: 'messaging', push: async () => undefined };
