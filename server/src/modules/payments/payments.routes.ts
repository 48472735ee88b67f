import { paymentsEndpoints as e } from '@letokruh/contracts/endpoints/payments';
import type { App } from '../../app-types.ts';
import { createMailer } from '../../mail/mailer.ts';
import type { ScopedBy } from '../../plugins/access.ts';
import { type RouteExtras, route } from '../../plugins/endpoint.ts';
import { AppError } from '../../plugins/errors.ts';
import { TooManyEmails } from './mail-limit.ts';
import * as service from './payments.service.ts';

const tags = ['payments'];
/**
 * domain.md §1.6: generating or e-mailing the QR payment is for the owner or dispatcher function
 * (contracts' routeAccess), of an order of their warehouses.
 */
const byOrder: RouteExtras = { schema: { tags }, config: { scopedBy: { order: 'id' } satisfies ScopedBy } };

/** The QR payment of an order and the e-mail that carries it (domain.md §1.2 detail modals, §1.7). */
export async function paymentRoutes(app: App): Promise<void> {
  const { db, config } = app.ctx;
  const mailer = createMailer(config);
  app.addHook('onClose', async () => mailer.close());

  // Replaces domain.md's outside QR image service (domain.md §3.3): the modal shows `image`.
  route(app, e.qrPayment, byOrder, async (request) =>
    service.qrPayment(db, request.params.id, request.query.supplier),
  );

  route(app, e.sendEmailQr, byOrder, async (request, reply) => {
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
  });
}
