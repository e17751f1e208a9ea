import { jest } from '@jest/globals';
import { liveFeatures } from '../../../web/app/liveFeatures';
import type { AppDispatch, RootState } from '../../../web/state/store';
import type {
  LazyLiveFeature,
  LiveFeature,
  PushHandler,
} from '../../../web/features/connection/liveFeature';
import { createLiveRegistry } from '../../../web/features/connection/liveRegistry';

// The registry only passes these through to the features.
const dispatch = jest.fn() as unknown as AppDispatch;
const getState = () => ({}) as RootState;

const handler = () => jest.fn<PushHandler>();
const resyncer = () => jest.fn<(dispatch: AppDispatch) => void>();

/** Lets promise callbacks (a lazy load and what waited for it) run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

function lazy(feature: LiveFeature, load = async () => feature) {
  const entry: LazyLiveFeature = { name: feature.name, load: jest.fn(load) };
  return entry;
}

describe('live feature registry', () => {
  it('hands a push to the listed feature that handles its event, and to no other', () => {
    const onMessage = handler();
    const onNotification = handler();
    const registry = createLiveRegistry([
      { name: 'messaging', handlers: { 'message:new': onMessage } },
      { name: 'notifications', handlers: { notification: onNotification } },
    ]);

    registry.push('message:new', { id: 1 }, dispatch, getState);

    expect(onMessage).toHaveBeenCalledTimes(1);
    expect(onMessage).toHaveBeenCalledWith({ id: 1 }, dispatch, getState);
    expect(onNotification).not.toHaveBeenCalled();
  });

  it('gives nothing to a feature that is not in the list', () => {
    const listed = handler();
    const unlisted: LiveFeature = {
      name: 'unlisted',
      handlers: { 'friends:changed': handler(), 'message:new': handler() },
      resync: resyncer(),
    };
    const registry = createLiveRegistry([
      { name: 'messaging', handlers: { 'message:new': listed } },
    ]);

    registry.push('friends:changed', {}, dispatch, getState);
    registry.push('message:new', {}, dispatch, getState);
    registry.resync(dispatch);

    expect(listed).toHaveBeenCalledTimes(1);
    expect(unlisted.handlers?.['friends:changed']).not.toHaveBeenCalled();
    expect(unlisted.handlers?.['message:new']).not.toHaveBeenCalled();
    expect(unlisted.resync).not.toHaveBeenCalled();
  });

  it('runs the resync of every listed feature', () => {
    const first = resyncer();
    const second = resyncer();
    const registry = createLiveRegistry([
      { name: 'first', handlers: {}, resync: first },
      { name: 'quiet', handlers: { ping: handler() } },
      { name: 'second', resync: second },
    ]);

    registry.resync(dispatch);

    expect(first).toHaveBeenCalledWith(dispatch);
    expect(second).toHaveBeenCalledWith(dispatch);
  });

  it('leaves a lazy feature unloaded, and its pushes dropped, until a screen activates it', async () => {
    const onBackup = handler();
    const backup = lazy({ name: 'backup', handlers: { backup: onBackup }, resync: resyncer() });
    const registry = createLiveRegistry([backup]);

    registry.push('backup', {}, dispatch, getState);
    registry.resync(dispatch);
    await settle();

    expect(backup.load).not.toHaveBeenCalled();
    expect(onBackup).not.toHaveBeenCalled();
  });

  it('delivers what arrives while a lazy feature loads, in order, and loads it once', async () => {
    const seen: unknown[] = [];
    const logs: LiveFeature = {
      name: 'logs',
      handlers: { logs: (payload) => seen.push(payload) },
      resync: () => seen.push('resync'),
    };
    let finishLoading: (feature: LiveFeature) => void = () => undefined;
    const entry = lazy(logs, () => new Promise((resolve) => (finishLoading = resolve)));
    const registry = createLiveRegistry([entry]);

    registry.activate('logs');
    registry.activate('logs');
    registry.push('logs', 1, dispatch, getState);
    registry.push('other', 'not for logs', dispatch, getState);
    registry.resync(dispatch);
    registry.push('logs', 2, dispatch, getState);
    expect(seen).toEqual([]);

    finishLoading(logs);
    await settle();
    registry.push('logs', 3, dispatch, getState);

    expect(entry.load).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([1, 'resync', 2, 3]);
  });

  it('tries a lazy feature that failed to load again when a screen next mounts', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const onQueue = handler();
    const email: LiveFeature = { name: 'email', handlers: { queue: onQueue } };
    const load = jest
      .fn<() => Promise<LiveFeature>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue(email);
    const registry = createLiveRegistry([{ name: 'email', load }]);

    registry.activate('email');
    registry.push('queue', 1, dispatch, getState);
    await settle();
    registry.activate('email');
    await settle();
    registry.push('queue', 2, dispatch, getState);

    expect(load).toHaveBeenCalledTimes(2);
    expect(onQueue.mock.calls.map(([payload]) => payload)).toEqual([2]);
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it('refuses to activate a feature that is not listed', () => {
    const registry = createLiveRegistry([{ name: 'messaging', handlers: {} }]);
    expect(() => registry.activate('monitoring')).toThrow('No live feature named "monitoring"');
  });
});

describe('the app’s list of live features', () => {
  it('names each feature once', () => {
    const names = liveFeatures.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('loads, for each lazy entry, the feature of that name', async () => {
    const lazyEntries = liveFeatures.filter((entry) => 'load' in entry);
    expect(lazyEntries.map((entry) => entry.name).sort()).toEqual([
      'ads',
      'backup',
      'calendar',
      'community',
      'community-content',
      'email',
      'hashtags',
      'logs',
      'moderation',
      'monitoring',
      'onboarding',
      'profile',
    ]);
    for (const entry of lazyEntries) {
      const feature = await entry.load();
      expect(feature.name).toBe(entry.name);
      expect(Object.keys(feature.handlers ?? {})).not.toHaveLength(0);
    }
  });
});
