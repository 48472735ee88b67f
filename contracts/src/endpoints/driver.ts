import { idParamSchema } from '../common.ts';
import { deliveryAnswerSchema, onTheWayBodySchema } from '../delivery.ts';
import { driverDayAnswerSchema, driverDayQuerySchema, driverStopSchema } from '../driver.ts';
import { endpoint, fileDownload } from '../endpoint.ts';
import { filePathSchema } from '../files.ts';
import { qrPaymentSchema } from '../payments.ts';

/** The driver's day on a phone and the proof of delivery (domain.md §2.11, decision 0067). */
export const driverEndpoints = {
  day: endpoint('GET /driver/day', {
    query: driverDayQuerySchema,
    answers: { 200: driverDayAnswerSchema },
  }),
  onTheWay: endpoint('POST /driver/order/:id/on_the_way', {
    params: idParamSchema,
    body: onTheWayBodySchema,
    answers: { 200: driverStopSchema },
  }),
  /** Multipart: `delivery` (deliveryRecordSchema as JSON), `signature` (PNG), `photo` (0–5 images). */
  delivered: endpoint('POST /driver/order/:id/delivered', {
    params: idParamSchema,
    upload: true,
    answers: { 200: driverStopSchema },
  }),
  /** The QR payment of the driver's own transfer order, to show big at the door (its supplier). */
  qrPayment: endpoint('GET /driver/order/:id/qr_payment', {
    params: idParamSchema,
    answers: { 200: qrPaymentSchema },
  }),
  proof: endpoint('GET /order/:id/delivery', {
    params: idParamSchema,
    answers: { 200: deliveryAnswerSchema },
  }),
  proofFile: endpoint('GET /order/:id/delivery/files/:fileId/download', {
    params: filePathSchema,
    answers: { 200: fileDownload },
  }),
};
