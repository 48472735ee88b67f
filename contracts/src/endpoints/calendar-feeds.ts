import {
  feedCreatedAnswerSchema,
  feedCreateSchema,
  feedFileParamSchema,
  feedListAnswerSchema,
  feedOverviewAnswerSchema,
  feedOverviewQuerySchema,
  feedQuerySchema,
  feedRevokedAnswerSchema,
} from '../calendar-feeds.ts';
import { idParamSchema } from '../common.ts';
import { endpoint, fileDownload } from '../endpoint.ts';

/**
 * Calendar feeds (domain.md §2.10, decision 0063): the account page lists, makes and revokes the
 * links; a phone's calendar app fetches the feed itself without a session, by the link's secret.
 */
export const calendarFeedsEndpoints = {
  list: endpoint('GET /calendar_feeds', { answers: { 200: feedListAnswerSchema } }),
  create: endpoint('POST /calendar_feed/add', {
    body: feedCreateSchema,
    answers: { 201: feedCreatedAnswerSchema },
  }),
  revoke: endpoint('DELETE /calendar_feed/:id/revoke', {
    params: idParamSchema,
    answers: { 200: feedRevokedAnswerSchema },
  }),
  /** The owner's view of every active link (decision 0073), optionally of one user. */
  all: endpoint('GET /calendar_feeds/all', {
    query: feedOverviewQuerySchema,
    answers: { 200: feedOverviewAnswerSchema },
  }),
  /** The owner revokes any link; the answer is the list as `all` gives it without a `user`. */
  revokeAny: endpoint('DELETE /calendar_feeds/all/:id/revoke', {
    params: idParamSchema,
    answers: { 200: feedOverviewAnswerSchema },
  }),
  /** The iCalendar file: `GET /api/feeds/<secret>.ics`; 404 for an unknown or revoked secret. */
  feed: endpoint('GET /feeds/:file', {
    params: feedFileParamSchema,
    query: feedQuerySchema,
    answers: { 200: fileDownload },
  }),
};
