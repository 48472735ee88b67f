import { setImmediate } from 'node:timers/promises';

/**
 * Lets the other requests run (decision 0020: no request holds the event loop for more than 50 ms). Work
 * over thousands of rows is cut into slices of about 10 ms with this between them.
 */
export const yieldToLoop = (): Promise<void> => setImmediate();
