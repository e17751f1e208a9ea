import type { ClientLogEntry, LogLevel } from '../../../shared/ops/logs';
import type { ClientLogShipper } from './clientLogShipper';

async function sendBatch(entries: ClientLogEntry[], keepalive: boolean): Promise<number> {
  const res = await fetch('/api/logs', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify({ entries }),
    keepalive,
  });
  return res.status;
}

export type LogShipping = Pick<ClientLogShipper, 'log' | 'setEnabled' | 'stop'> & {
  flush(keepalive?: boolean): void;
};

/**
 * A `ClientLogShipper` that loads when a member first signs in. The shipper enforces the log
 * limits, which live beside the log schemas (and zod) in `shared/ops/logs`: loaded with the
 * page, they would put zod on every first page. Lines logged while it loads wait for it.
 */
export function lazyShipper(): LogShipping {
  let shipper: ClientLogShipper | null = null;
  let loading: Promise<void> | null = null;
  let enabled = false;
  const waiting: [LogLevel, string, unknown][] = [];

  const load = () => {
    loading ??= import('./clientLogShipper').then(
      ({ ClientLogShipper }) => {
        shipper = new ClientLogShipper({ send: sendBatch });
        shipper.setEnabled(enabled);
        for (const [level, message, data] of waiting.splice(0)) shipper.log(level, message, data);
      },
      () => {
        // A failed chunk load is tried again at the next sign-in; logging never throws.
        loading = null;
      },
    );
  };

  return {
    log(level, message, data) {
      if (shipper) shipper.log(level, message, data);
      else if (enabled) waiting.push([level, message, data]);
    },
    setEnabled(value) {
      enabled = value;
      if (!value) waiting.length = 0;
      if (shipper) shipper.setEnabled(value);
      else if (value) load();
    },
    flush(keepalive = false) {
      void shipper?.flush(keepalive);
    },
    stop() {
      enabled = false;
      waiting.length = 0;
      shipper?.stop();
    },
  };
}
