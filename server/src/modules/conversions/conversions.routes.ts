import { idParamSchema } from '@letokruh/contracts/common';
import {
  conversionAnswerSchema,
  conversionOptionsAnswerSchema,
  conversionQuerySchema,
  conversionSubmitSchema,
} from '@letokruh/contracts/conversions';
import type { App } from '../../app-types.ts';
import * as service from './conversions.service.ts';

const tags = ['conversions'];

/** The conversion calculator of a warehouse (part 2 §2, §7; DESIGN §3). */
export async function conversionRoutes(app: App): Promise<void> {
  const { db } = app.ctx;

  app.get(
    '/warehouse/:id/product_conversions',
    {
      schema: {
        tags,
        params: idParamSchema,
        querystring: conversionQuerySchema,
        response: { 200: conversionOptionsAnswerSchema },
      },
      config: { access: { permission: 'view_warehouse' } },
    },
    async (request) => service.conversionOptionsFor(db, request.params.id, request.query),
  );

  app.put(
    '/warehouse/:id/product_conversion/submit',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: conversionSubmitSchema,
        response: { 200: conversionAnswerSchema },
      },
      config: { scopedBy: { warehouse: 'id' }, access: { permission: 'change_warehouse' } },
    },
    async (request) => ({
      item: await service.submitConversion(db, request.user!.id, request.params.id, request.body),
    }),
  );
}
