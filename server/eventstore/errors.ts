/** Another writer appended to the stream first; the command may be retried against fresh state. */
export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
    readonly actualVersion: number | null,
  ) {
    super(
      `Stream ${streamId} is at version ${actualVersion ?? 'unknown'}, expected ${expectedVersion}`,
    );
    this.name = 'ConcurrencyError';
  }
}

/** An event that is not in the catalogue or does not match its schema. */
export class InvalidEventError extends Error {
  constructor(
    readonly eventType: string,
    detail: string,
  ) {
    super(`Invalid event ${eventType}: ${detail}`);
    this.name = 'InvalidEventError';
  }
}
