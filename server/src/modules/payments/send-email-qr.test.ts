import fs from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode } from '@letokruh/contracts/errors';
import type { Order } from '@letokruh/contracts/orders';
import { sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../test/build.ts';
import { setCustomer, someCustomerId } from '../../test/customers.ts';
import { makeOrder, warehouseIds } from '../../test/orders.ts';
import { demoSupplierIds, pngSize } from '../../test/payments.ts';
import { makeProduct } from '../../test/products.ts';
import { readQr } from '../../test/read-qr.ts';
import { startSmtp } from '../../test/smtp.ts';

type Setup = {
  t: BuiltTestApp;
  owner: Client;
  dispatcher: Client;
  /** 1 234,50 Kč with VAT: the QR asks for 1 235 Kč. */
  czk: Order;
  /** 3 × 12,35 € = 37,05 €. */
  eur: Order;
  customerId: number;
  supplier: number;
};

const jana = { first_name: 'Jana', last_name: 'Nováková', email: 'jana.novakova@example.cz' };

/** An app with a CZK and a EUR order for Jana Nováková <jana.novakova@example.cz>. */
async function setUp(env: Record<string, string>): Promise<Setup> {
  const t = await buildTestApp({ QR_MAIL_PER_RECIPIENT_HOUR: '100', ...env });
  const { owner, dispatcher } = await signIn(t.app, ['owner', 'dispatcher']);
  const { brod } = await warehouseIds(owner);
  const productId = await makeProduct(owner, brod);
  const customerId = await someCustomerId(owner, 3);
  await setCustomer(t.db, customerId, jana);
  const order = (price: number, amount: number, items: Record<string, unknown> = {}) =>
    makeOrder(owner, {
      warehouseId: brod,
      customerId,
      lines: [{ id: productId, amount, price }],
      items: { distance: 0, minimim_delivery_price: 0, ...items },
    });
  const czk = await order(1234.5, 1);
  const eur = await order(12.35, 3, { currency: 'EUR' });
  const supplier = (await demoSupplierIds(owner)).vysocina;
  return { t, owner, dispatcher, czk, eur, customerId, supplier };
}

const send = (c: Client, orderId: number, body: Record<string, unknown>) =>
  c.post(`/api/order/${orderId}/send_email_qr`, body);

const setCountry = (s: Setup, country: string) =>
  s.t.db.execute(sql`update customers set country = ${country} where id = ${s.customerId}`);

const parse = (raw: Buffer) => simpleParser(raw, { keepCidLinks: true });

/** The plain text with Intl's no-break spaces as plain ones. */
const plain = (mail: ParsedMail) => (mail.text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** The QR picture: a 350 px PNG shown inline by its Content-ID; what a decoder reads from it. */
async function qrOf(mail: ParsedMail, order: Order): Promise<string> {
  expect(mail.attachments).toHaveLength(1);
  const png = mail.attachments[0]!;
  expect(png.contentType).toBe('image/png');
  expect(png.filename).toBe(`qr-platba-${order.intern_id}.png`);
  expect(mail.html).toContain(`src="cid:${png.cid}"`);
  expect(pngSize(png.content)).toEqual({ width: 350, height: 350 });
  return (await readQr(png.content)).text;
}

/** What the QR payment call answers for the same order and supplier: the string the QR must hold. */
const payloadOf = async (s: Setup, order: Order) =>
  (await s.dispatcher.get(`/api/order/${order.id}/qr_payment?supplier=${s.supplier}`)).json().spayd as string;

describe('POST /order/{id}/send_email_qr without an SMTP server: the outbox', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp({});
  });
  afterAll(() => s?.t.close());
  const outbox = () => path.join(s.t.dataDir, 'outbox');
  const outboxFiles = async () => (await fs.readdir(outbox()).catch(() => [] as string[])).sort();

  it('writes the e-mail as an .eml file named by time and order number', async () => {
    const response = await send(s.dispatcher, s.czk.id, { supplier_id: s.supplier });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ sent: true, to: jana.email, language: 'cs' });
    const files = await outboxFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[\\d-]+Z-${s.czk.intern_id}\\.eml$`));
    const mail = await parse(await fs.readFile(path.join(outbox(), files[0]!)));
    expect(mail.subject).toBe(`Platba objednávky č. ${s.czk.intern_id}`);
    expect(await qrOf(mail, s.czk)).toBe(await payloadOf(s, s.czk));
  });

  it('a second e-mail of the same order gets a file of its own', async () => {
    await send(s.owner, s.czk.id, { supplier_id: s.supplier });
    await send(s.owner, s.czk.id, { supplier_id: s.supplier });
    expect(new Set(await outboxFiles()).size).toBe(3);
  });

  it('refuses a customer without an e-mail with 400 / 150 and sends nothing', async () => {
    await setCustomer(s.t.db, s.customerId, { ...jana, email: '' });
    const before = await outboxFiles();
    const response = await send(s.dispatcher, s.czk.id, { supplier_id: s.supplier });
    expect(response.statusCode).toBe(400);
    expect(response.json().error_code).toBe(ErrorCode.customerEmailNotFound);
    expect(await outboxFiles()).toEqual(before);
    await setCustomer(s.t.db, s.customerId, jana);
  });

  it('refuses a bad body or language (400), an unknown order (404) or supplier (400) and other functions (403)', async () => {
    const missing = await send(s.dispatcher, s.czk.id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual(['supplier_id']);
    expect((await send(s.dispatcher, s.czk.id, { supplier_id: 'x' })).statusCode).toBe(400);
    const language = await send(s.dispatcher, s.czk.id, { supplier_id: s.supplier, language: 'sk' });
    expect(language.statusCode).toBe(400);
    expect(language.json().fields).toEqual(['language']);
    expect((await send(s.dispatcher, 99_999_999, { supplier_id: s.supplier })).statusCode).toBe(404);
    const unknown = await send(s.dispatcher, s.czk.id, { supplier_id: 99_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual(['supplier_id']);
    const { technician, warehouseman } = await signIn(s.t.app, ['technician', 'warehouseman']);
    for (const c of [technician, warehouseman]) {
      const response = await send(c, s.czk.id, { supplier_id: s.supplier });
      expect(response.statusCode).toBe(403);
      expect(response.json().error_code).toBe(ErrorCode.accessDenied);
    }
  });
});

describe('POST /order/{id}/send_email_qr read back from a real SMTP server', () => {
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

  /** Sends and parses what the SMTP server received. */
  async function sendAndRead(order: Order, body: Record<string, unknown> = {}) {
    const before = smtp.received.length;
    const response = await send(s.dispatcher, order.id, { supplier_id: s.supplier, ...body });
    expect(response.statusCode, response.body).toBe(200);
    expect(smtp.received).toHaveLength(before + 1);
    const envelope = smtp.received.at(-1)!;
    expect(envelope.to).toEqual([jana.email]);
    expect(envelope.from).toBe('noreply@letokruh.example');
    return { answer: response.json(), mail: await parse(envelope.raw) };
  }

  it('writes to a Czech customer in Czech, replies to the supplier, and repeats the payment data', async () => {
    await setCountry(s, 'Česká republika');
    const { answer, mail } = await sendAndRead(s.czk);
    const vs = String(s.czk.intern_id);
    expect(answer).toEqual({ sent: true, to: jana.email, language: 'cs' });
    expect(mail.from?.value).toEqual([{ address: 'noreply@letokruh.example', name: 'Letokruh' }]);
    expect(mail.replyTo?.value).toEqual([{ address: 'info@drevo-vysocina.example', name: '' }]);
    expect(mail.headers.get('content-language')).toBe('cs');
    expect(mail.subject).toBe(`Platba objednávky č. ${vs}`);
    const text = plain(mail);
    for (const line of [
      'Příjemce: Palivové dřevo Vysočina s.r.o.',
      'Číslo účtu: 35-1154780008/0800',
      'IBAN: CZ76 0800 0000 3511 5478 0008',
      'BIC (SWIFT): GIBACZPX',
      'Částka: 1 235,00 Kč',
      `Variabilní symbol: ${vs}`,
      `Zpráva pro příjemce: Objednavka ${vs}`,
      'Částka je zaokrouhlena na celé koruny (cena objednávky s DPH je 1 234,50 Kč).',
      `QR kód najdete v HTML verzi tohoto e-mailu a v příloze qr-platba-${vs}.png.`,
      'Máte-li dotaz, odpovězte prosím na tento e-mail.',
      'Lesní 318, 674 01 Třebíč',
      'IČO: 25596641',
      'E-mail: info@drevo-vysocina.example, Telefon: +420 568 841 207',
    ]) {
      expect(text).toContain(line);
    }
    expect(mail.html).toContain('<html lang="cs">');
    expect(await qrOf(mail, s.czk)).toBe(
      `SPD*1.0*ACC:CZ7608000000351154780008*AM:1235.00*CC:CZK*X-VS:${vs}*MSG:Objednavka ${vs}`,
    );
  });

  it('writes to Slovakia in Czech too', async () => {
    await setCountry(s, 'Slovensko');
    const { answer, mail } = await sendAndRead(s.czk);
    expect(answer.language).toBe('cs');
    expect(mail.subject).toBe(`Platba objednávky č. ${s.czk.intern_id}`);
  });

  it('writes to an Austrian customer in German; the EUR order carries the EPC code with the diacritics', async () => {
    await setCountry(s, 'Rakousko');
    const { answer, mail } = await sendAndRead(s.eur);
    const number = String(s.eur.intern_id);
    expect(answer.language).toBe('de');
    expect(mail.headers.get('content-language')).toBe('de');
    expect(mail.subject).toBe(`Zahlung für Ihre Bestellung Nr. ${number}`);
    const text = plain(mail);
    for (const line of [
      'Guten Tag,',
      'Empfänger: Palivové dřevo Vysočina s.r.o.',
      'IBAN: CZ76 0800 0000 3511 5478 0008',
      'BIC (SWIFT): GIBACZPX',
      'Betrag: 37,05 €',
      `Verwendungszweck: Objednávka ${number}`,
      `Den QR-Code finden Sie in der HTML-Ansicht dieser E-Mail und im Anhang qr-platba-${number}.png.`,
      'Firmennummer (IČO): 25596641',
      'Mit freundlichen Grüßen',
    ]) {
      expect(text).toContain(line);
    }
    // A SEPA payer has no field for the Czech account number or the variable symbol.
    expect(text).not.toContain('Kontonummer');
    expect(text).not.toContain('Variables Symbol');
    expect(text).not.toContain('gerundet');
    const decoded = await qrOf(mail, s.eur);
    expect(decoded).toBe(await payloadOf(s, s.eur));
    expect(decoded.split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'GIBACZPX',
      'Palivové dřevo Vysočina s.r.o.',
      'CZ7608000000351154780008',
      'EUR37.05',
      '',
      '',
      `Objednávka ${number}`,
    ]);
  });

  it('writes to Germany in German and to any other country in English', async () => {
    await setCountry(s, 'Německo');
    expect((await sendAndRead(s.czk)).answer.language).toBe('de');
    await setCountry(s, 'Polsko');
    const { answer, mail } = await sendAndRead(s.czk);
    const vs = String(s.czk.intern_id);
    expect(answer.language).toBe('en');
    expect(mail.subject).toBe(`Payment for your order no. ${vs}`);
    const text = plain(mail);
    for (const line of [
      'Hello,',
      `Thank you for your order no. ${vs}. You can pay for it by bank transfer:`,
      'Account number (CZ): 35-1154780008/0800',
      'Amount: CZK 1,235.00',
      `Variable symbol (VS): ${vs}`,
      `The QR code is shown in the HTML version of this e-mail and attached as qr-platba-${vs}.png.`,
      'Company ID (IČO): 25596641',
    ]) {
      expect(text).toContain(line);
    }
  });

  it('takes the language the user picked over the country', async () => {
    await setCountry(s, 'Česká republika');
    const { answer, mail } = await sendAndRead(s.czk, { language: 'en' });
    expect(answer.language).toBe('en');
    expect(mail.subject).toBe(`Payment for your order no. ${s.czk.intern_id}`);
    expect(mail.headers.get('content-language')).toBe('en');
  });

  it('has no Reply-To when the supplier has no e-mail, and does not ask the customer to reply', async () => {
    const added = await s.owner.post('/api/supplier/add', {
      name: 'Bez e-mailu s.r.o.',
      bank_account: '19-2000145399',
      bank_code: '0800',
    });
    expect(added.statusCode, added.body).toBe(201);
    const response = await send(s.dispatcher, s.czk.id, { supplier_id: added.json().item.id });
    expect(response.statusCode, response.body).toBe(200);
    const mail = await parse(smtp.received.at(-1)!.raw);
    expect(mail.replyTo).toBeUndefined();
    expect(plain(mail)).not.toContain('odpovězte');
    expect(plain(mail)).toContain('Příjemce: Bez e-mailu s.r.o.');
  });

  it('answers 502 when the SMTP server refuses the recipient', async () => {
    await setCustomer(s.t.db, s.customerId, { ...jana, email: 'refuse@example.cz' });
    const before = smtp.received.length;
    const response = await send(s.dispatcher, s.czk.id, { supplier_id: s.supplier });
    expect(response.statusCode).toBe(502);
    expect(response.json().error_code).toBe(ErrorCode.internal);
    expect(smtp.received).toHaveLength(before);
    await expect(fs.readdir(path.join(s.t.dataDir, 'outbox'))).rejects.toThrow();
  });
});
