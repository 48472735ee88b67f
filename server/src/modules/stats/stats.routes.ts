import { statsEndpoints as e, statsExportEndpoints } from '@letokruh/contracts/endpoints/stats';
import { daysBetween, eachDay, pragueDay } from '@letokruh/contracts/rules/prague-day';
import {
  collectedRevenueAnswerSchema,
  productStatsAnswerSchema,
  type StatsExport,
  warehouseStatsAnswerSchema,
} from '@letokruh/contracts/stats';
import type { App } from '../../app-types.ts';
import { cachedJson, parsedJson } from '../../plugins/answer-json.ts';
import type { AnswerScope } from '../../plugins/answer-versions.ts';
import { fileAnswer } from '../../plugins/docs.ts';
import { sendDownload } from '../../plugins/download.ts';
import { route } from '../../plugins/endpoint.ts';
import * as service from './stats.service.ts';
import { statsXlsx } from './stats-exports.ts';

const tags = ['stats'];

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Decision 0043: the overviews count orders by their delivery day, so a range of up to two months is
 * kept while no order of its days (of its warehouse) changes; a longer one while no order changes.
 */
function deliveryDays(query: {
  from: string;
  to: string;
  warehouse?: number | undefined;
}): AnswerScope | undefined {
  if (daysBetween(query.from, query.to) >= 62) return undefined;
  return { days: eachDay(query.from, query.to), warehouses: query.warehouse ? [query.warehouse] : null };
}

/** The overviews page (domain.md §2.2 Overviews, §2.7): every call needs view_stats. */
export async function statsRoutes(app: App): Promise<void> {
  const { db } = app.ctx;
  const readDb = app.ctx.readDb ?? db;
  /**
   * A month of a million orders takes a second to sum: the overviews are cached per data version
   * (decision 0020), and per Prague day, since an open range ends today.
   */
  const perDay = (scope?: AnswerScope) => ({ also: pragueDay(), scope });

  route(app, e.byWarehouses, { schema: { tags } }, async (request, reply) =>
    cachedJson(
      app.answers,
      request,
      reply,
      parsedJson(warehouseStatsAnswerSchema, () => service.statsByWarehouses(readDb, request.query)),
      perDay(deliveryDays(request.query)),
    ),
  );

  route(app, e.forProducts, { schema: { tags } }, async (request, reply) =>
    cachedJson(
      app.answers,
      request,
      reply,
      parsedJson(productStatsAnswerSchema, () => service.statsForProducts(readDb, request.query)),
      perDay(deliveryDays(request.query)),
    ),
  );

  route(app, e.collectedRevenue, { schema: { tags } }, async (request, reply) =>
    cachedJson(
      app.answers,
      request,
      reply,
      parsedJson(collectedRevenueAnswerSchema, () => service.collectedRevenue(db, request.query)),
      perDay(),
    ),
  );

  route(app, e.collectors, { schema: { tags } }, async () => service.collectors(db));

  for (const [kind, endpoint] of Object.entries(statsExportEndpoints) as [
    StatsExport,
    (typeof statsExportEndpoints)[StatsExport],
  ][]) {
    route(
      app,
      endpoint,
      {
        schema: {
          tags,
          produces: [xlsxType],
          response: { 200: fileAnswer('The overview as an Excel workbook', [xlsxType]) },
        },
        // A stream of seconds: it would hold a read's turn (plugins/admission.ts) all along.
        config: { unqueued: true },
      },
      async (request, reply) => {
        const file = statsXlsx(db, kind, request.query, (error) =>
          request.log.error({ err: error }, `${endpoint.path} failed half-way`),
        );
        return sendDownload(reply, {
          data: file.stream,
          filename: file.filename,
          contentType: xlsxType,
          cacheControl: 'no-store',
        });
      },
    );
  }
}
