import { idParamSchema } from '@letokruh/contracts/common';
import {
  qrPaymentQuerySchema,
  qrPaymentSchema,
  sendEmailQrAnswerSchema,
  sendEmailQrBodySchema,
} from '@letokruh/contracts/payments';
import type { App } from '../../app-types.ts';
import { createMailer } from '../../mail/mailer.ts';
import type { Access } from '../../plugins/access.ts';
import { AppError } from '../../plugins/errors.ts';
import { TooManyEmails } from './mail-limit.ts';
import * as service from './payments.service.ts';

const tags = ['payments'];
/** Part 1 §6: generating or e-mailing the QR payment is for the owner or dispatcher function. */
const ownerOrDispatcher: Access = { anyFunction: ['owner', 'dispatcher'] };

/** The QR payment of an order and the e-mail that carries it (part 1 §2 detail modals, §7). */
export async function paymentRoutes(app: App): Promise<void> {
  const { db, config } = app.ctx;
  const mailer = createMailer(config);
  app.addHook('onClose', async () => mailer.close());

  // Replaces the spec's outside QR image service (DESIGN §3): the modal shows `image`.
  app.get(
    '/order/:id/qr_payment',
    {
      schema: {
        tags,
        params: idParamSchema,
        querystring: qrPaymentQuerySchema,
        response: { 200: qrPaymentSchema },
      },
      config: { scopedBy: { order: 'id' }, access: ownerOrDispatcher },
    },
    async (request) => service.qrPayment(db, request.params.id, request.query.supplier),
  );

  app.post(
    '/order/:id/send_email_qr',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: sendEmailQrBodySchema,
        response: { 200: sendEmailQrAnswerSchema },
      },
      config: { scopedBy: { order: 'id' }, access: ownerOrDispatcher },
    },
    async (request, reply) => {
      try {
        return await service.sendEmailQr(db, mailer, request.params.id, request.body, {
          userId: request.user!.id,
          limits: config.qrMailLimits,
        });
      } catch (error) {
        if (error instanceof TooManyEmails) reply.header('retry-after', String(error.retryAfter));
        if (error instanceof AppError && error.statusCode >= 500) {
          request.log.error({ err: error.cause ?? error }, 'QR e-mail not sent');
        }
        throw error;
      }
    },
  );
}
