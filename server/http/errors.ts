import type { ApiError } from '../../shared/api/errors';

/** An error whose status, code and text are meant for the client. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly currentVersion?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): { error: ApiError } {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.currentVersion === undefined ? {} : { currentVersion: this.currentVersion }),
      },
    };
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, 'not-found', message);
