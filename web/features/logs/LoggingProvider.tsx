import { useEffect, useState, type ReactNode } from 'react';
import { useSession } from '../auth';
import { lazyShipper, type LogShipping } from './lazyShipper';
import { LoggingContext, type ClientLogger } from './loggingContext';
import { shipProblemsTo } from './problemLog';

function loggerFor(shipper: LogShipping): ClientLogger {
  return {
    debug: (message, data) => shipper.log('DEBUG', message, data),
    info: (message, data) => shipper.log('INFO', message, data),
    warn: (message, data) => shipper.log('WARN', message, data),
    error: (message, data) => shipper.log('ERROR', message, data),
  };
}

/** Gives the app `useLogger()`; entries ship in batches while a member is signed in. */
export function LoggingProvider({ children }: { children: ReactNode }) {
  const [shipper] = useState(lazyShipper);
  const [logger] = useState(() => loggerFor(shipper));
  const signedIn = useSession().status === 'signed-in';

  useEffect(() => {
    shipper.setEnabled(signedIn);
  }, [shipper, signedIn]);

  useEffect(() => {
    shipProblemsTo((level, message, data) => shipper.log(level, message, data));
    return () => shipProblemsTo(null);
  }, [shipper]);

  useEffect(() => {
    // The last entries of a closing tab go out with a request that outlives the page.
    const onHide = () => shipper.flush(true);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      shipper.stop();
    };
  }, [shipper]);

  return <LoggingContext.Provider value={logger}>{children}</LoggingContext.Provider>;
}
