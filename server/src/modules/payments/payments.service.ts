import { ErrorCode } from '@letokruh/contracts/errors';
import type { Order } from '@letokruh/contracts/orders';
import type { QrPayment } from '@letokruh/contracts/payments';
import { cashBalance } from '@letokruh/contracts/rules/delivered-money';
import { type MailLanguage, mailLanguageOf } from '@letokruh/contracts/rules/mail-language';
import {
  buildEpcPayload,
  buildSpayd,
  czechBic,
  epcAmountMax,
  PaymentQrError,
  qrAmount,
  spaydAmountMax,
  spaydMessage,
  supplierIban,
} from '@letokruh/contracts/rules/spayd';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { AppError, badInput, conflict, notFound } from '../../plugins/errors.ts';
import { loadOrders } from '../orders/index.ts';
import { listSuppliers } from '../reference/reference.service.ts';
import { type MailLimits, takeMailSlot } from './mail-limit.ts';
import { deliveredCash, supplierContact } from './payments.queries.ts';
import { qrEmail } from './qr-email.ts';
import { qrPng } from './qr-image.ts';

type OrderView = Omit<Order, 'files'>;

export type PaymentSupplier = {
  id: number;
  name: string;
  bank_account: string;
  bank_code: string;
  /** Electronic form. */
  iban: string;
};

/**
 * The supplier named on a payment or a delivery note: an active one (what the web's select offers)
 * or the one the order already has, even if removed since (it stays on old orders). Unknown: 400 on
 * `field`. An account that is not a valid Czech account cannot be paid to: 400 / 151.
 */
export async function supplierFor(
  db: DbOrTx,
  orders: Pick<OrderView, 'default_supplier'>[],
  supplierId: number,
  field: string,
): Promise<PaymentSupplier> {
  const active = (await listSuppliers(db)).items.find((s) => s.id === supplierId);
  return payee(active, orders, supplierId, field);
}

/** `supplierFor` once the active supplier of that id (if any) is read. */
export function payee(
  active: Omit<PaymentSupplier, 'iban'> | undefined,
  orders: Pick<OrderView, 'default_supplier'>[],
  supplierId: number,
  field: string,
): PaymentSupplier {
  const own = orders.find((o) => o.default_supplier?.id === supplierId)?.default_supplier;
  const supplier = active ?? own;
  if (!supplier) throw badInput(`No supplier ${supplierId}`, [field]);
  const iban = supplierIban(supplier);
  if (!iban) {
    throw new AppError(
      400,
      ErrorCode.supplierAccountInvalid,
      `The account of supplier ${supplierId} is not a valid Czech account`,
      [field],
    );
  }
  const { id, name, bank_account, bank_code } = supplier;
  return { id, name, bank_account, bank_code, iban };
}

type PayableOrder = OrderView & {
  currency: 'CZK' | 'EUR';
  /** What is paid by transfer: the total, or for a delivered cash order the balance the cash left. */
  owed: number;
  for_balance: boolean;
};

/** An order one can pay: it exists (404), is not cancelled and has its customer and currency (409 / 140). */
async function payableOrder(db: DbOrTx, id: number): Promise<PayableOrder> {
  const [order] = await loadOrders(db, [id]);
  if (!order) throw notFound('Order not found');
  if (order.hidden) throw conflict('The order is cancelled: restore it first');
  if (!order.customer || !order.currency) throw conflict('The order has no customer or currency yet');
  // domain.md §2.13: a cash order delivered is paid by transfer for the balance its cash left alone.
  const delivered = order.payment_type === 'cash' ? await deliveredCash(db, id) : undefined;
  const owed = delivered
    ? cashBalance({ price_with_vat: order.price_with_vat, amount_due: order.amount_to_pay }, delivered.cash)
        .balance
    : order.price_with_vat;
  return { ...order, currency: order.currency, owed, for_balance: delivered !== undefined };
}

/** What the payee reads on the statement: the order number (SPAYD's MSG keeps it ASCII). */
const paymentMessage = (currency: 'CZK' | 'EUR', vs: string) =>
  currency === 'CZK' ? spaydMessage(`Objednávka ${vs}`) : `Objednávka ${vs}`;

/** The SPAYD (CZK) or EPC (EUR) text; whatever else the format refuses is bad input too. */
function qrPayload(
  order: PayableOrder,
  supplier: PaymentSupplier,
  amount: number,
  vs: string,
  bic: string | null,
): string {
  const message = paymentMessage(order.currency, vs);
  try {
    return order.currency === 'CZK'
      ? buildSpayd({ iban: supplier.iban, amount, variableSymbol: vs, message }) // ACC without +BIC: optional
      : buildEpcPayload({ iban: supplier.iban, name: supplier.name, amount, text: message, bic });
  } catch (error) {
    if (error instanceof PaymentQrError) throw badInput(`No QR payment: ${error.message}`);
    throw error;
  }
}

export type BuiltQr = QrPayment & { png: Buffer };

/**
 * The QR of an order's payment (domain.md §3.3 QR payment): SPAYD for CZK with the order number as the
 * variable symbol, the EPC (SEPA) code for EUR with the bank's BIC when known; drawn 350 × 350 px
 * at error correction M, one byte-mode segment of UTF-8 (qr-image.ts).
 */
export async function buildQr(order: PayableOrder, supplier: PaymentSupplier): Promise<BuiltQr> {
  const amounts = qrAmount(order.owed, order.currency);
  if (amounts.amount <= 0) throw conflict('The order has nothing to pay');
  // The formats' own ceilings (SPAYD's AM: 9 999 999.99; EPC: 999 999 999.99): above, no bank
  // app would read the code, so the call is refused as bad input (decision 0022), never a 500.
  const max = order.currency === 'CZK' ? spaydAmountMax : epcAmountMax;
  if (amounts.amount > max) {
    throw badInput(`The amount ${amounts.amount} is above the QR payment's maximum of ${max}`);
  }
  const vs = String(order.intern_id);
  const bic = czechBic(supplier.bank_code);
  const payload = qrPayload(order, supplier, amounts.amount, vs, bic);
  const png = await qrPng(payload);
  return {
    image: `data:image/png;base64,${png.toString('base64')}`,
    ...amounts,
    currency: order.currency,
    variable_symbol: vs,
    iban: supplier.iban,
    spayd: payload,
    format: order.currency === 'CZK' ? 'spayd' : 'epc',
    png,
    message: paymentMessage(order.currency, vs),
    bic,
    for_balance: order.for_balance,
  };
}

/** GET /order/{id}/qr_payment */
export async function qrPayment(db: DbOrTx, id: number, supplierId: number): Promise<QrPayment> {
  const order = await payableOrder(db, id);
  const { png: _png, ...answer } = await buildQr(
    order,
    await supplierFor(db, [order], supplierId, 'supplier'),
  );
  return answer;
}

/**
 * POST /order/{id}/send_email_qr: the payment details and the same QR to the customer's e-mail
 * (domain.md §1.5); no e-mail: 400 / 150, which the web shows as "customer e-mail not found". Written
 * in `language` when given, else in the language of the customer's country (decision 0036).
 */
export async function sendEmailQr(
  db: Db,
  mailer: Mailer,
  id: number,
  body: { supplier_id: number; language?: MailLanguage | undefined },
  sender: { userId: number; limits: MailLimits },
) {
  const order = await payableOrder(db, id);
  const to = order.customer?.email.trim() ?? '';
  if (!to) throw new AppError(400, ErrorCode.customerEmailNotFound, 'The customer has no e-mail');
  const supplier = await supplierFor(db, [order], body.supplier_id, 'supplier_id');
  const qr = await buildQr(order, supplier);
  const language = body.language ?? mailLanguageOf(order.customer?.address.country ?? '');
  const contact = await supplierContact(db, supplier.id);
  const message = qrEmail({ orderNumber: String(order.intern_id), language, supplier, contact, qr, to });
  // Counted once the e-mail is ready to go, so bad input never uses up the allowance.
  await takeMailSlot(db, sender.userId, to, sender.limits);
  try {
    await mailer.send(message);
  } catch (error) {
    // The mail server's refusal is ours to look into, not the user's input: logged by the caller.
    throw Object.assign(new AppError(502, ErrorCode.internal, 'The e-mail could not be sent'), {
      cause: error,
    });
  }
  return { sent: true as const, to, language };
}
