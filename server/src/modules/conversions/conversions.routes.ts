import { conversionsEndpoints as e } from '@letokruh/contracts/endpoints/conversions';
import type { App } from '../../app-types.ts';
import { route } from '../../plugins/endpoint.ts';
import * as service from './conversions.service.ts';

const tags = ['conversions'];

/** The conversion calculator of a warehouse (domain.md §2.2, §2.7; §3.3). */
export async function conversionRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  route(app, e.options, { schema: { tags } }, async (request) =>
    service.conversionOptionsFor(db, request.params.id, request.query),
  );

  route(app, e.submit, { schema: { tags }, config: { scopedBy: { warehouse: 'id' } } }, async (request) => ({
    item: await service.submitConversion(db, request.user!.id, request.params.id, request.body),
  }));
}
