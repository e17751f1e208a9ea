import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { createBaseQuery } from '../../web/state/base-query';

const store = {
  signal: new AbortController().signal,
  abort: () => undefined,
  dispatch: () => undefined,
  getState: () => ({}),
  extra: undefined,
  endpoint: 'test',
  type: 'query',
} as unknown as BaseQueryApi;

describe('the web client’s base query', () => {
  it('sends back the latest WAL position a server answered with, never an older one', async () => {
    const sent: (string | null)[] = [];
    const answers = ['0/5000', null, '0/4000', null];
    const baseQuery = createBaseQuery({
      baseUrl: 'http://agora.test/api',
      fetchFn: async (input) => {
        sent.push((input as Request).headers.get('x-agora-wal'));
        const position = answers.shift();
        return new Response('{}', {
          headers: {
            'content-type': 'application/json',
            ...(position ? { 'x-agora-wal': position } : {}),
          },
        });
      },
    });
    for (let i = 0; i < 4; i += 1) await baseQuery('posts', store, {});
    expect(sent).toEqual([null, '0/5000', '0/5000', '0/5000']);
  });
});
