/**
 * Reads until `done` holds, and answers that value: for what the server does after it answered
 * (a worker's send, a recorded disconnect), which no event announces. After `attempts` reads it
 * answers the last value, for the caller's expectations to report; with no limit, the test's
 * timeout ends the wait.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean = Boolean,
  { attempts = Infinity, intervalMs = 25 }: { attempts?: number; intervalMs?: number } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const value = await read();
    if (done(value) || attempt >= attempts) return value;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
