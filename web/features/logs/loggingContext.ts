import { createContext, useContext } from 'react';

export interface ClientLogger {
  debug(message: string, data?: unknown): void;
  info(message: string, data?: unknown): void;
  warn(message: string, data?: unknown): void;
  error(message: string, data?: unknown): void;
}

export const LoggingContext = createContext<ClientLogger | null>(null);

/** The app's logger; its entries reach the operators' log viewer. Spec 002 §8: throws outside. */
export function useLogger(): ClientLogger {
  const logger = useContext(LoggingContext);
  if (!logger) throw new Error('useLogger must be used within a LoggingProvider.');
  return logger;
}
