import { jest } from '@jest/globals';
import { createNextState } from '@reduxjs/toolkit';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { ClientLogEntry, LogEntry } from '../../../shared/ops/logs';
import { ClientLogShipper, shippableData } from '../../../web/features/logs/clientLogShipper';
import { logExportUrl } from '../../../web/features/logs/logExportUrl';
import {
  LoggingContext,
  useLogger,
  type ClientLogger,
} from '../../../web/features/logs/loggingContext';
import { addLogEntries, flattenLogs, type LogsCache } from '../../../web/features/logs/logsCache';

function entry(id: number, overrides: Partial<LogEntry> = {}): LogEntry {
  return {
    id: String(id),
    level: 'INFO',
    message: `entry ${id}`,
    data: null,
    timestamp: '2026-11-23T12:00:00.000Z',
    source: 'server',
    userId: null,
    sessionId: null,
    requestId: null,
    ...overrides,
  };
}

describe('useLogger', () => {
  function Probe() {
    useLogger().info('rendered');
    return null;
  }

  it('throws outside its provider', () => {
    expect(() => renderToString(createElement(Probe))).toThrow(
      'useLogger must be used within a LoggingProvider.',
    );
  });

  it('returns the provided logger inside it', () => {
    const info = jest.fn();
    const logger: ClientLogger = { debug: jest.fn(), info, warn: jest.fn(), error: jest.fn() };
    renderToString(createElement(LoggingContext.Provider, { value: logger }, createElement(Probe)));
    expect(info).toHaveBeenCalledWith('rendered');
  });
});

describe('live log entries in the cache', () => {
  const cache: LogsCache = {
    pages: [
      { entries: [entry(5), entry(4)], nextBefore: '4' },
      { entries: [entry(3)], nextBefore: null },
    ],
    pageParams: [null, '4'],
  };

  it('puts new matching entries on top, newest first, without duplicates', () => {
    const next = createNextState(cache, (draft) =>
      addLogEntries(draft, [entry(6), entry(7), entry(5)], {}),
    );
    expect(flattenLogs(next).map((e) => e.id)).toEqual(['7', '6', '5', '4', '3']);
  });

  it('leaves out entries the filters exclude', () => {
    const next = createNextState(cache, (draft) =>
      addLogEntries(
        draft,
        [entry(6, { level: 'ERROR' }), entry(7, { source: 'client', level: 'ERROR' })],
        { level: 'ERROR', source: 'server' },
      ),
    );
    expect(flattenLogs(next).map((e) => e.id)).toEqual(['6', '5', '4', '3']);
  });
});

describe('export links', () => {
  it('carry the format and only the filters that are set', () => {
    expect(logExportUrl('csv', {})).toBe('/api/logs/export?format=csv');
    expect(logExportUrl('txt', { level: 'WARN', q: 'a b' })).toBe(
      '/api/logs/export?format=txt&level=WARN&q=a+b',
    );
  });
});

describe('ClientLogShipper', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function shipper(status = 201) {
    const sent: ClientLogEntry[][] = [];
    const instance = new ClientLogShipper({
      send: async (entries) => {
        sent.push(entries);
        return status;
      },
      intervalMs: 2000,
      capacity: 120,
    });
    return { instance, sent };
  }

  it('keeps nothing while signed out', () => {
    const { instance } = shipper();
    instance.log('INFO', 'ignored');
    expect(instance.pending).toBe(0);
  });

  it('ships a batch after the interval', async () => {
    const { instance, sent } = shipper();
    instance.setEnabled(true);
    instance.log('INFO', 'one', { a: 1 });
    instance.log('ERROR', 'two');
    expect(sent).toEqual([]);
    await jest.advanceTimersByTimeAsync(2000);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.map((e) => [e.level, e.message, e.data])).toEqual([
      ['INFO', 'one', { a: 1 }],
      ['ERROR', 'two', undefined],
    ]);
  });

  it('ships at once when a batch of 50 is full, in batches the server accepts', async () => {
    const { instance, sent } = shipper();
    instance.setEnabled(true);
    for (let i = 0; i < 60; i += 1) instance.log('DEBUG', `line ${i}`);
    await instance.flush();
    expect(sent.map((batch) => batch.length)).toEqual([50, 10]);
  });

  it('drops a refused batch instead of retrying it, and caps its buffer', async () => {
    const { instance, sent } = shipper(429);
    instance.setEnabled(true);
    for (let i = 0; i < 49; i += 1) instance.log('DEBUG', `line ${i}`);
    await instance.flush();
    expect(sent).toHaveLength(1);
    expect(instance.pending).toBe(0);
    expect(instance.dropped).toBe(49);
  });

  it('makes any value shippable JSON under the size limit', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(shippableData(circular)).toEqual({ unserializable: '[object Object]' });
    expect(shippableData(new Error('boom'))).toMatchObject({ name: 'Error', message: 'boom' });
    expect(shippableData({ when: new Date('2026-11-23T00:00:00.000Z') })).toEqual({
      when: '2026-11-23T00:00:00.000Z',
    });
    expect(shippableData({ big: 'x'.repeat(20_000) })).toMatchObject({ truncated: true });
    expect(shippableData(undefined)).toBeUndefined();
  });
});
