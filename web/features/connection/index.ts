// What other features use of connection; inside the feature, files import each other directly.
export {
  type ConnectionState,
  connectionTone,
  describeConnection,
  selectConnection,
} from './connectionSlice';
export { ConnectionStatus } from './ConnectionStatus';
export type { LiveFeature, PushHandler } from './liveFeature';
export { emitSocketEvent, reconnectRequested } from './realtime';
export { useLiveFeature } from './useLiveFeature';
