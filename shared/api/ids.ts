import { z } from 'zod';

/**
 * An id a client sends: a UUID in its 8-4-4-4-12 form, answered in lower case. Postgres reads
 * other spellings of a uuid as the same value, but stream ids are built from the id's text
 * (`friendship-<lower id>-<higher id>`, `user-<id>`), so one member must have one spelling or
 * the same pair would get two streams.
 */
export const idField = (message?: string) =>
  z.uuid(message === undefined ? undefined : { error: message }).toLowerCase();
