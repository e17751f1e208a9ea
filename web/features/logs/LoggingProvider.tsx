import { useEffect, useState, type ReactNode } from 'react';
import type { ClientLogEntry } from '../../../shared/ops/logs';
import { useSession } from '../auth/session';
import { ClientLogShipper } from './clientLogShipper';
import { LoggingContext, type ClientLogger } from './loggingContext';

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

function loggerFor(shipper: ClientLogShipper): ClientLogger {
  return {
    debug: (message, data) => shipper.log('DEBUG', message, data),
    info: (message, data) => shipper.log('INFO', message, data),
    warn: (message, data) => shipper.log('WARN', message, data),
    error: (message, data) => shipper.log('ERROR', message, data),
  };
}

/** Gives the app `useLogger()`; entries ship in batches while a member is signed in. */
export function LoggingProvider({ children }: { children: ReactNode }) {
  const [shipper] = useState(() => new ClientLogShipper({ send: sendBatch }));
  const [logger] = useState(() => loggerFor(shipper));
  const signedIn = useSession().status === 'signed-in';

  useEffect(() => {
    shipper.setEnabled(signedIn);
  }, [shipper, signedIn]);

  useEffect(() => {
    // The last entries of a closing tab go out with a request that outlives the page.
    const onHide = () => void shipper.flush(true);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      shipper.stop();
    };
  }, [shipper]);

  return <LoggingContext.Provider value={logger}>{children}</LoggingContext.Provider>;
}
