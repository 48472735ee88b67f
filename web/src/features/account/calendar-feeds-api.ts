import type { FeedCreate } from '@letokruh/contracts/calendar-feeds';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { calendarFeedsEndpoints as e } from '../../lib/routes';

/** Calendar feeds of the account page (domain.md §2.10, decision 0063). */
export const calendarFeedsKey = ['calendar-feeds'] as const;

export const calendarFeedsQuery = queryOptions({
  queryKey: calendarFeedsKey,
  queryFn: ({ signal }) => call(e.list, { signal }).then((a) => a.items),
});

export const createFeed = (body: FeedCreate) => call(e.create, { body });

export const revokeFeed = (id: number) => call(e.revoke, { params: { id } }).then((a) => a.item);

/** The feed's address as a phone needs it: this server's origin and the path the server gave. */
/** The link as a phone subscribes to it; English texts for a user reading the app in English. */
export const feedUrls = (path: string, lang = 'cs', origin = window.location.origin) => {
  const url = new URL(path, origin);
  if (lang === 'en') url.searchParams.set('lang', 'en');
  return { https: url.toString(), webcal: `webcal://${url.host}${url.pathname}${url.search}` };
};
