import { jest } from '@jest/globals';
import { AD_EVENTS_BATCH_MAX, AD_EVENTS_FLUSH_MS, type AdEvent } from '../../shared/ads';
import { AdEventBatcher, type SendOutcome } from '../../web/features/ads/eventBatcher';
import { createTallyStore } from '../../web/features/ads/sessionTally';

const impression = (n: number): AdEvent => ({
  adId: `ad-${n}`,
  placementId: 'floating-top-right',
  kind: 'impression',
});

/** A batcher whose sends are kept and answered with `outcome`. */
function batcher(outcome: () => SendOutcome | Promise<SendOutcome> = () => 'sent') {
  const sent: { events: AdEvent[]; leaving: boolean }[] = [];
  const events = new AdEventBatcher({
    send: async (batch, leaving) => {
      sent.push({ events: batch, leaving });
      return outcome();
    },
    maxQueued: 250,
  });
  return { sent, events };
}

/** Lets a send's answer and the rest of its flush run (the clock is fake, so no timer). */
async function settle(): Promise<void> {
  for (let tick = 0; tick < 10; tick += 1) await Promise.resolve();
}

describe('ad event batcher', () => {
  it('sends nothing when nothing happened', async () => {
    const { sent, events } = batcher();
    await events.flush();
    expect(sent).toEqual([]);
  });

  it('sends in order, at most 100 events a request', async () => {
    const { sent, events } = batcher();
    for (let n = 0; n < 2 * AD_EVENTS_BATCH_MAX + 5; n += 1) events.add(impression(n));
    await events.flush();
    expect(sent.map((request) => request.events.length)).toEqual([100, 100, 5]);
    expect(sent.flatMap((request) => request.events)[150]).toEqual(impression(150));
    expect(events.pending).toBe(0);
  });

  it('flushes every 5 s once started, until stopped', async () => {
    jest.useFakeTimers();
    try {
      const { sent, events } = batcher();
      const stop = events.start();
      events.add(impression(1));
      jest.advanceTimersByTime(AD_EVENTS_FLUSH_MS - 1);
      expect(sent).toHaveLength(0);
      jest.advanceTimersByTime(1);
      await settle();
      expect(sent).toHaveLength(1);
      stop();
      events.add(impression(2));
      jest.advanceTimersByTime(10 * AD_EVENTS_FLUSH_MS);
      await settle();
      expect(sent).toHaveLength(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('sends everything at once when the page is hidden, marked as leaving', () => {
    const { sent, events } = batcher();
    for (let n = 0; n < 150; n += 1) events.add(impression(n));
    void events.flush(true);
    expect(sent.map((request) => [request.events.length, request.leaving])).toEqual([
      [100, true],
      [50, true],
    ]);
    expect(events.pending).toBe(0);
  });

  it('keeps a batch the network lost, in front, and sends it next time', async () => {
    let answer: SendOutcome = 'retry';
    const { sent, events } = batcher(() => answer);
    events.add(impression(1));
    await events.flush();
    events.add(impression(2));
    expect(events.pending).toBe(2);
    answer = 'sent';
    await events.flush();
    expect(sent.at(-1)!.events).toEqual([impression(1), impression(2)]);
    expect(events.pending).toBe(0);
  });

  it('treats a failed send like a lost batch', async () => {
    const { events } = batcher(() => Promise.reject(new Error('offline')));
    events.add(impression(1));
    await events.flush();
    expect(events.pending).toBe(1);
  });

  it('drops a batch the server refused, as it would refuse it again', async () => {
    const { sent, events } = batcher(() => 'refused');
    events.add(impression(1));
    await events.flush();
    expect(sent).toHaveLength(1);
    expect(events.pending).toBe(0);
  });

  it('keeps at most its limit while the server is away, dropping the oldest', async () => {
    const { events } = batcher(() => 'retry');
    for (let n = 0; n < 400; n += 1) events.add(impression(n));
    expect(events.pending).toBe(250);
    await events.flush();
    expect(events.pending).toBe(250);
  });

  it('never sends an event twice when flushes overlap', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { sent, events } = batcher(async (): Promise<SendOutcome> => {
      await gate;
      return 'sent';
    });
    for (let n = 0; n < 120; n += 1) events.add(impression(n));
    const first = events.flush();
    events.add(impression(999));
    const second = events.flush();
    const third = events.flush();
    release();
    await Promise.all([first, second, third]);
    const all = sent.flatMap((request) => request.events.map((event) => event.adId));
    expect(all).toHaveLength(121);
    expect(new Set(all).size).toBe(121);
  });
});

describe('session tally', () => {
  it('counts this tab’s impressions and clicks per ad and tells subscribers', () => {
    const store = createTallyStore();
    const heard = jest.fn();
    const stop = store.subscribe(heard);
    const before = store.get();
    store.record(impression(1));
    store.record({ ...impression(1), kind: 'click' });
    store.record(impression(2));
    expect(store.get()).toEqual({
      'ad-1': { impressions: 1, clicks: 1 },
      'ad-2': { impressions: 1, clicks: 0 },
    });
    expect(before).toEqual({});
    expect(heard).toHaveBeenCalledTimes(3);
    stop();
    store.record(impression(1));
    expect(heard).toHaveBeenCalledTimes(3);
  });
});
