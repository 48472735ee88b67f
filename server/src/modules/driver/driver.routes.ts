import { deliveryRecordSchema } from '@letokruh/contracts/delivery';
import { driverEndpoints as e } from '@letokruh/contracts/endpoints/driver';
import { deliveryFileLimits } from '@letokruh/contracts/rules/delivery-files';
import { z } from 'zod';
import type { App } from '../../app-types.ts';
import { hasFunction, type ScopedBy } from '../../plugins/access.ts';
import { binary, fileAnswer, uploadForm } from '../../plugins/docs.ts';
import { route } from '../../plugins/endpoint.ts';
import { notFound } from '../../plugins/errors.ts';
import { sendFile } from '../files/files.service.ts';
import {
  deliveryProof,
  driverQrPayment,
  recordDelivery,
  recordOnTheWay,
  requireProofReader,
} from './delivery.service.ts';
import { driverDay } from './driver.service.ts';
import { proofReaderOf } from './proof-access.ts';

const tags = ['driver'];
const proofTypes = ['image/png', 'image/jpeg', 'image/webp'];
/** The office reads an order's proof within the order's warehouses (per-object access). */
const byOrder = { scopedBy: { order: 'id' } satisfies ScopedBy };

/** "Můj den": the signed-in driver's deliveries and their proof (domain.md §2.11, decision 0067). */
export async function driverRoutes(app: App): Promise<void> {
  const { db, storage } = app.ctx;
  route(app, e.day, { schema: { tags } }, async (request) => {
    const user = request.user!;
    const asked = request.query.driver ?? user.id;
    // Another driver's day is the office's to see; to a driver it does not exist.
    if (asked !== user.id && !hasFunction(user, 'owner', 'dispatcher')) throw notFound('Driver not found');
    return driverDay(db, asked, request.query.date);
  });

  route(app, e.onTheWay, { schema: { tags } }, async (request) =>
    recordOnTheWay(db, request.user!.id, request.params.id, request.body),
  );

  route(
    app,
    e.delivered,
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        form: uploadForm('signature', ['image/png']).extend({
          delivery: deliveryRecordSchema.describe('The record (deliveryRecordSchema) as JSON text'),
          photo: z
            .array(binary(['image/jpeg', 'image/png', 'image/webp']))
            .max(deliveryFileLimits.photos)
            .optional(),
        }),
      },
    },
    async (request) => recordDelivery(db, storage, request, request.user!.id, request.params.id),
  );

  // The office sees what its driver shows at the door, within the order's warehouses.
  route(app, e.qrPayment, { schema: { tags }, config: byOrder }, async (request) => {
    const user = request.user!;
    return driverQrPayment(db, request.params.id, hasFunction(user, 'owner', 'dispatcher') ? null : user.id);
  });

  // domain.md §2.11: a proof is for the order's own driver and the office (decision 0074).
  route(app, e.proof, { schema: { tags }, config: byOrder }, async (request) => ({
    delivery: await deliveryProof(db, request.params.id, proofReaderOf(request.user!)),
  }));

  route(
    app,
    e.proofFile,
    {
      schema: { tags, response: { 200: fileAnswer('A signature or a photo of the proof', proofTypes) } },
      config: byOrder,
    },
    async (request, reply) => {
      await requireProofReader(db, request.params.id, proofReaderOf(request.user!));
      return sendFile(reply, {
        db,
        storage,
        owner: 'delivery',
        ownerId: request.params.id,
        id: request.params.fileId,
      });
    },
  );
}
