import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/** The current time, refreshed every minute so relative times ('Just now', '2 hours ago') age. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
