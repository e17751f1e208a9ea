/** A day `days` from now in UTC, as the Create Event form sends a date. */
export function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A new event's body: in person, tomorrow-plus at 18:00 UTC, with the fields given. */
export function eventBody(fields: Record<string, unknown> = {}) {
  return {
    title: 'Board games night',
    description: 'Bring a game',
    date: dayFromNow(3),
    time: '18:00',
    timeZone: 'UTC',
    location: 'The library',
    type: 'in-person',
    maxAttendees: 10,
    tags: ['games'],
    ...fields,
  };
}
