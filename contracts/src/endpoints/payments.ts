import { idParamSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  qrPaymentQuerySchema,
  qrPaymentSchema,
  sendEmailQrAnswerSchema,
  sendEmailQrBodySchema,
} from '../payments.ts';

/** The QR payment of an order and the e-mail that carries it (domain.md §1.2 detail modals, §1.7). */
export const paymentsEndpoints = {
  qrPayment: endpoint('GET /order/:id/qr_payment', {
    params: idParamSchema,
    query: qrPaymentQuerySchema,
    answers: { 200: qrPaymentSchema },
  }),
  sendEmailQr: endpoint('POST /order/:id/send_email_qr', {
    params: idParamSchema,
    body: sendEmailQrBodySchema,
    answers: { 200: sendEmailQrAnswerSchema },
  }),
};
