import { endpoint, fileDownload } from '../endpoint.ts';

/**
 * domain.md §1.10: the live board's stream (contracts/src/live-events.ts). Its 200 is a
 * `text/event-stream` that stays open, described by the server like a download; a caller that does
 * not accept `text/event-stream` gets 406.
 */
export const eventsEndpoints = {
  stream: endpoint('GET /events', { answers: { 200: fileDownload } }),
};
