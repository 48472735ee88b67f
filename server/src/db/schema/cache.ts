import { pgSequence } from 'drizzle-orm/pg-core';

/**
 * The data version (issue 9): every change made through the API draws the next value once it is
 * committed, before its answer leaves. Heavy answers (the calendar week, delivery notes, the
 * month's overviews) are cached per process under the version they were read at, so a cached
 * answer is served only while nothing has changed since. A sequence, not a row: drawing a value
 * takes no lock and is never rolled back, and every server process sees the same one.
 */
export const dataVersion = pgSequence('data_version');
