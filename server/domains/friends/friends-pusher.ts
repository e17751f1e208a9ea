import type { Pusher } from '../../realtime/pusher';

export const friendsPusher: Pusher = { name: 'friends', push: async () => undefined };
