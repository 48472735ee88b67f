import { calendarFeedsEndpoints as e } from '@letokruh/contracts/endpoints/calendar-feeds';
import { ErrorCode } from '@letokruh/contracts/errors';
import type { App } from '../../app-types.ts';
import { cachedAnswer } from '../../plugins/answer-key.ts';
import { fileAnswer } from '../../plugins/docs.ts';
import { sendDownload } from '../../plugins/download.ts';
import { route } from '../../plugins/endpoint.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import * as service from './calendar-feeds.service.ts';
import { createFeedTexts } from './feed-texts.ts';

const tags = ['calendar feeds'];

/** Calendar feeds (domain.md §2.10, decision 0063): the account page's links and the feed itself. */
export async function calendarFeedRoutes(app: App): Promise<void> {
  const { db } = app.ctx;
  // An eighth of the answer cache's memory; none when it is off.
  const texts = createFeedTexts(Math.floor(app.ctx.config.answerCacheBytes / 8));

  route(app, e.list, { schema: { tags } }, async (request) => service.listFeeds(db, request.user!));
  route(app, e.create, { schema: { tags } }, async (request, reply) =>
    reply.status(201).send(await service.createFeed(db, request.user!, request.body)),
  );
  route(app, e.revoke, { schema: { tags } }, async (request) =>
    service.revokeFeed(db, request.user!, request.params.id),
  );

  // Decision 0073: the owner's view of every link, and revoking any (the route's rule: owner only).
  route(app, e.all, { schema: { tags } }, async (request) =>
    service.listAllFeeds(db, request.query.user ?? null),
  );
  route(app, e.revokeAny, { schema: { tags } }, async (request) =>
    service.revokeAnyFeed(db, request.user!, request.params.id),
  );

  // No session: the secret in the path is the key. An unknown, revoked or oddly spelt secret is
  // one and the same 404; HEAD is refused before anything is looked up (it would only tell
  // whether a secret is valid). Never kept by a shared cache.
  route(
    app,
    e.feed,
    {
      schema: {
        tags,
        summary: 'A calendar feed (iCalendar) by its secret',
        response: { 200: fileAnswer('The feed as iCalendar', ['text/calendar']) },
      },
    },
    async (request, reply) => {
      if (request.method === 'HEAD') {
        reply.header('allow', 'GET');
        throw new AppError(405, ErrorCode.invalidInput, 'HEAD is not answered on a calendar feed');
      }
      const rawPath = (request.raw.url ?? '').split('?')[0] ?? '';
      const feed = await service.servedFeed(db, request.params.file, rawPath);
      if (!feed) throw notFound('Calendar feed not found');
      const origin = `${request.protocol}://${request.host}`;
      const { lang } = request.query;
      const days = service.feedDays();
      // Calendar apps poll: the text is kept while nothing it reads has changed (decision 0073).
      // The key names the feed by its id, never by its secret.
      const file = await cachedAnswer(
        app.answers,
        request,
        () => service.feedFile(db, feed, origin, lang, days, texts),
        {
          keyParts: { feed: feed.id, origin, lang },
          also: days.from,
          scope: service.feedScope(feed, days),
          bytes: (f) => f.ics.length * 2 + f.name.length * 2,
        },
      );
      return sendDownload(reply.header('x-robots-tag', 'noindex'), {
        data: Buffer.from(file.ics, 'utf8'),
        filename: `${file.name}.ics`,
        contentType: 'text/calendar',
        cacheControl: 'private, no-store',
      });
    },
  );
}
