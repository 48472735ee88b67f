import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ErrorCode } from '@letokruh/contracts/errors';
import type { Order } from '@letokruh/contracts/orders';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReadMail, readMail } from '../../mail/read-mail.ts';
import { type BuiltTestApp, buildTestApp, type Client } from '../../test/build.ts';
import { createOrder, freshProduct, signIn, someCustomerId, warehouseIds } from '../orders/order-fixtures.ts';
import { demoSupplierIds, pngSize, setCustomer } from './payment-fixtures.ts';

type Received = { from: string; to: string[]; raw: Buffer };

/** A real SMTP server on 127.0.0.1 and a random port, keeping what it receives; refuses `refuse@…`. */
async function startSmtp(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(address.address.startsWith('refuse@') ? new Error('550 no such mailbox') : null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  const net = await new Promise<ReturnType<SMTPServer['listen']>>((resolve) => {
    const s = server.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = net.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Setup = {
  t: BuiltTestApp;
  owner: Client;
  dispatcher: Client;
  order: Order;
  customerId: number;
  supplier: number;
};

/** An app with a CZK order of 1 234,50 Kč for Jana Nováková <jana.novakova@example.cz>. */
async function setUp(env: Record<string, string>): Promise<Setup> {
  const t = await buildTestApp(env);
  const { owner, dispatcher } = await signIn(t.app, ['owner', 'dispatcher']);
  const { brod } = await warehouseIds(owner);
  const productId = await freshProduct(owner, brod);
  const customerId = await someCustomerId(owner, 3);
  await setCustomer(t.db, customerId, {
    first_name: 'Jana',
    last_name: 'Nováková',
    email: 'jana.novakova@example.cz',
  });
  const order = await createOrder(owner, {
    warehouseId: brod,
    customerId,
    lines: [{ id: productId, amount: 1, price: 1234.5 }],
    items: { distance: 0, minimim_delivery_price: 0 },
  });
  const supplier = (await demoSupplierIds(owner)).vysocina;
  return { t, owner, dispatcher, order, customerId, supplier };
}

const send = (c: Client, orderId: number, body: Record<string, unknown>) =>
  c.post(`/api/order/${orderId}/send_email_qr`, body);

const textOf = (mail: ReadMail) =>
  mail.parts.find((p) => p.headers['content-type']?.startsWith('text/plain'))?.body.toString('utf8') ?? '';

/** What every QR e-mail of the 1 234,50 Kč order says, and its PNG. */
function expectQrEmail(mail: ReadMail, order: Order) {
  expect(mail.headers.to).toBe('jana.novakova@example.cz');
  expect(mail.headers.from).toBe('Letokruh <noreply@letokruh.example>');
  expect(mail.headers.subject).toBe(`Platba objednávky č. ${order.intern_id}`);
  const text = textOf(mail).replace(/\u00a0/g, ' ');
  expect(text).toContain('Částka: 1 235,00 Kč');
  expect(text).toContain('Číslo účtu: 35-1154780008/0800');
  expect(text).toContain('IBAN: CZ76 0800 0000 3511 5478 0008');
  expect(text).toContain(`Variabilní symbol: ${order.intern_id}`);
  expect(text).toContain('zaokrouhlena na celé koruny (cena objednávky s DPH je 1 234,50 Kč)');
  const png = mail.parts.find((p) => p.headers['content-type']?.startsWith('image/png'));
  expect(png?.headers['content-type']).toContain(`qr-platba-${order.intern_id}.png`);
  expect(pngSize(png!.body)).toEqual({ width: 350, height: 350 });
  const html =
    mail.parts.find((p) => p.headers['content-type']?.startsWith('text/html'))?.body.toString() ?? '';
  const cid = png!.headers['content-id']?.replace(/[<>]/g, '');
  expect(html).toContain(`src="cid:${cid}"`);
}

describe('POST /order/{id}/send_email_qr without an SMTP server: the outbox', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp({});
  });
  afterAll(() => s?.t.close());
  const outbox = () => path.join(s.t.dataDir, 'outbox');
  const outboxFiles = async () => (await fs.readdir(outbox()).catch(() => [] as string[])).sort();

  it('writes the Czech e-mail with the amount, account, variable symbol and QR as an .eml file', async () => {
    const response = await send(s.dispatcher, s.order.id, { supplier_id: s.supplier });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ sent: true, to: 'jana.novakova@example.cz' });
    const files = await outboxFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[\\d-]+Z-${s.order.intern_id}\\.eml$`));
    expectQrEmail(readMail(await fs.readFile(path.join(outbox(), files[0]!))), s.order);
  });

  it('a second e-mail of the same order gets a file of its own', async () => {
    await send(s.owner, s.order.id, { supplier_id: s.supplier });
    await send(s.owner, s.order.id, { supplier_id: s.supplier });
    expect(new Set(await outboxFiles()).size).toBe(3);
  });

  it('refuses a customer without an e-mail with 400 / 150 and sends nothing', async () => {
    await setCustomer(s.t.db, s.customerId, { first_name: 'Jana', last_name: 'Nováková', email: '' });
    const before = await outboxFiles();
    const response = await send(s.dispatcher, s.order.id, { supplier_id: s.supplier });
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe(ErrorCode.customerEmailNotFound);
    expect(await outboxFiles()).toEqual(before);
    await setCustomer(s.t.db, s.customerId, {
      first_name: 'Jana',
      last_name: 'Nováková',
      email: 'jana.novakova@example.cz',
    });
  });

  it('refuses a bad body (400), an unknown order (404), an unknown supplier (400) and other functions (403)', async () => {
    const missing = await send(s.dispatcher, s.order.id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual(['supplier_id']);
    expect((await send(s.dispatcher, s.order.id, { supplier_id: 'x' })).statusCode).toBe(400);
    expect((await send(s.dispatcher, 99_999_999, { supplier_id: s.supplier })).statusCode).toBe(404);
    const unknown = await send(s.dispatcher, s.order.id, { supplier_id: 99_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual(['supplier_id']);
    const { technician, warehouseman } = await signIn(s.t.app, ['technician', 'warehouseman']);
    for (const c of [technician, warehouseman]) {
      const response = await send(c, s.order.id, { supplier_id: s.supplier });
      expect(response.statusCode).toBe(403);
      expect(response.json().error_code).toBe(ErrorCode.accessDenied);
    }
  });
});

describe('POST /order/{id}/send_email_qr through SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let s: Setup;
  beforeAll(async () => {
    smtp = await startSmtp();
    s = await setUp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await s?.t.close();
    await smtp?.close();
  });

  it('hands the e-mail to the SMTP server, addressed to the customer, with the QR as a PNG', async () => {
    const response = await send(s.dispatcher, s.order.id, { supplier_id: s.supplier });
    expect(response.statusCode, response.body).toBe(200);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['jana.novakova@example.cz']);
    expect(smtp.received[0]!.from).toBe('noreply@letokruh.example');
    expectQrEmail(readMail(smtp.received[0]!.raw), s.order);
    await expect(fs.readdir(path.join(s.t.dataDir, 'outbox'))).rejects.toThrow();
  });

  it('answers 502 when the SMTP server refuses the recipient', async () => {
    await setCustomer(s.t.db, s.customerId, {
      first_name: 'Jana',
      last_name: 'Nováková',
      email: 'refuse@example.cz',
    });
    const response = await send(s.dispatcher, s.order.id, { supplier_id: s.supplier });
    expect(response.statusCode).toBe(502);
    expect(response.json().error_code).toBe(ErrorCode.internal);
    expect(smtp.received).toHaveLength(1);
  });
});
