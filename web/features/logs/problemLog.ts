/** Writes a log line for the operators' log viewer. */
export type ProblemLog = (level: 'ERROR' | 'WARN', message: string, data: object) => void;

let shipping: ProblemLog | null = null;

/** The app's logger ships problems here while it is mounted (`LoggingProvider`); `null` stops. */
export function shipProblemsTo(log: ProblemLog | null): void {
  shipping = log;
}

/**
 * Errors and warnings the monitoring reporter sends are the app's log lines too: the reporter
 * writes here, so monitoring depends on logs and never the reverse.
 */
export const logProblem: ProblemLog = (level, message, data) => shipping?.(level, message, data);
