import {
  connected,
  connectionClosed,
  connectionGaveUp,
  connectionLost,
  connectionReducer,
  connectStarted,
  connectionTone,
  describeConnection,
  reconnectAttempted,
  type ConnectionState,
} from '../../../web/features/connection/connectionSlice';
import { SOCKET_OPTIONS } from '../../../web/features/connection/socketOptions';

const idle: ConnectionState = { status: 'idle' };

function run(...actions: Parameters<typeof connectionReducer>[1][]): ConnectionState {
  return actions.reduce(connectionReducer, idle);
}

describe('connection reducer', () => {
  it('goes from connecting to healthy', () => {
    expect(run(connectStarted())).toEqual({ status: 'connecting' });
    expect(run(connectStarted(), connected())).toEqual({ status: 'healthy' });
  });

  it('counts reconnect attempts out of five after the link drops', () => {
    expect(run(connectStarted(), connected(), connectionLost())).toEqual({
      status: 'reconnecting',
      attempt: 1,
      maxAttempts: 5,
    });
    expect(run(connectStarted(), connected(), connectionLost(), reconnectAttempted(3))).toEqual({
      status: 'reconnecting',
      attempt: 3,
      maxAttempts: 5,
    });
  });

  it('keeps the attempt number within 1..5', () => {
    expect(run(connectStarted(), reconnectAttempted(9))).toMatchObject({ attempt: 5 });
    expect(run(connectStarted(), reconnectAttempted(0))).toMatchObject({ attempt: 1 });
  });

  it('goes offline when retries run out, and back to connecting on Reconnect', () => {
    const offline = run(connectStarted(), reconnectAttempted(5), connectionGaveUp());
    expect(offline).toEqual({ status: 'offline' });
    expect(connectionReducer(offline, connectionLost())).toEqual({ status: 'offline' });
    expect(connectionReducer(offline, connectStarted())).toEqual({ status: 'connecting' });
    expect(run(connectStarted(), connectionGaveUp(), connectStarted(), connected())).toEqual({
      status: 'healthy',
    });
  });

  it('ignores late socket events once the channel is closed (signed out)', () => {
    const closed = run(connectStarted(), connected(), connectionClosed());
    expect(closed).toEqual(idle);
    expect(connectionReducer(closed, reconnectAttempted(2))).toEqual(idle);
    expect(connectionReducer(closed, connectionLost())).toEqual(idle);
    expect(connectionReducer(closed, connectionGaveUp())).toEqual(idle);
  });

  it('describes each state with the spec texts', () => {
    expect(describeConnection({ status: 'healthy' })).toBe('Healthy');
    expect(describeConnection({ status: 'reconnecting', attempt: 2, maxAttempts: 5 })).toBe(
      'Reconnecting 2/5',
    );
    expect(describeConnection({ status: 'offline' })).toBe('Offline');
  });

  it('colours the badge by state: healthy, on its way, or not connected', () => {
    expect(connectionTone({ status: 'healthy' })).toBe('success');
    expect(connectionTone({ status: 'connecting' })).toBe('warning');
    expect(connectionTone({ status: 'reconnecting', attempt: 1, maxAttempts: 5 })).toBe('warning');
    expect(connectionTone({ status: 'offline' })).toBe('danger');
    expect(connectionTone(idle)).toBe('danger');
  });
});

describe('socket reconnection policy', () => {
  it('tries five times with delays doubling from 1000 ms and no jitter', () => {
    expect(SOCKET_OPTIONS).toMatchObject({
      reconnectionAttempts: 5,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 16000,
      randomizationFactor: 0,
      withCredentials: true,
    });
  });
});
