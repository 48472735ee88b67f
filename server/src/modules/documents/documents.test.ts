import { ErrorCode } from '@letokruh/contracts/errors';
import type { Order } from '@letokruh/contracts/orders';
import { pragueDay } from '@letokruh/contracts/rules/prague-day';
import type { LightMyRequestResponse } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltTestApp, buildTestApp, type Client, signIn } from '../../test/build.ts';
import { setCustomer, someCustomerId } from '../../test/customers.ts';
import { makeOrder, warehouseIds } from '../../test/orders.ts';
import { demoSupplierIds, supplierWithBadAccount } from '../../test/payments.ts';
import { makeProduct } from '../../test/products.ts';

let t: BuiltTestApp;
let owner: Client;
let dispatcher: Client;
let technician: Client;
let warehouseman: Client;
let driver: Client;
let suppliers: { letokruh: number; vysocina: number };
let brod: number;
let productName: string;
/** Žofie Řeháková, 2 × 617,25 Kč + delivery at the 600 Kč minimum = 1 834,50 Kč, by QR transfer. */
let order: Order;
let second: Order;

/** The text of a PDF answer, with no-break spaces as plain spaces. */
async function pdfText(response: LightMyRequestResponse): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(response.rawPayload) });
  try {
    const result = await parser.getText();
    return { text: result.text.replace(/[\u00a0\u202f]/g, ' '), pages: result.total };
  } finally {
    await parser.destroy();
  }
}

function expectPdf(response: LightMyRequestResponse, filename: string) {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['content-disposition']).toBe(
    `attachment; filename="${filename}"; filename*=UTF-8''${filename}`,
  );
  expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
}

const note = (c: Client, id: number, query: string) => c.get(`/api/order/${id}/get_delivery_note?${query}`);

beforeAll(async () => {
  t = await buildTestApp();
  // The orders below are Havlíčkův Brod's: its own warehouseman and driver (decision 0021's scope).
  ({
    owner,
    dispatcher,
    technician,
    warehouseman2: warehouseman,
    driver3: driver,
  } = await signIn(t.app, ['owner', 'dispatcher', 'technician', 'warehouseman2', 'driver3']));
  suppliers = await demoSupplierIds(owner);
  ({ brod } = await warehouseIds(owner));
  const productId = await makeProduct(owner, brod);
  productName = (await owner.get(`/api/product/${productId}`)).json().item.name;
  const customerId = await someCustomerId(owner, 5);
  await setCustomer(t.db, customerId, {
    first_name: 'Žofie',
    last_name: 'Řeháková',
    email: 'zofie@example.cz',
    organization_name: 'Dřevařství Úžasná Ďáblice',
  });
  order = await makeOrder(owner, {
    warehouseId: brod,
    customerId,
    lines: [{ id: productId, amount: 2, price: 617.25 }],
    items: { distance: 0 },
    intern: {
      payment_type: 'qr_transfer',
      supplier_id: suppliers.vysocina,
      note: 'Složit za stodolou, pozor na psa',
    },
  });
  second = await makeOrder(owner, {
    warehouseId: brod,
    customerId: await someCustomerId(owner, 6),
    lines: [{ id: productId, amount: 1, price: 1000 }],
    items: { distance: 0, minimim_delivery_price: 0 },
  });
});
afterAll(() => t?.close());

describe('GET /order/{id}/get_delivery_note', () => {
  it('is a Czech delivery note named after the order number, with diacritics, items and Czech totals', async () => {
    const response = await note(warehouseman, order.id, `supplier=${suppliers.vysocina}&language=cs`);
    expectPdf(response, `${order.intern_id}.pdf`);
    const { text, pages } = await pdfText(response);
    expect(pages).toBe(1);
    for (const expected of [
      'Dodací list',
      String(order.intern_id),
      `Datum vystavení: ${pragueDay().split('-').reverse().map(Number).join('.')}`,
      'Palivové dřevo Vysočina s.r.o.',
      'Číslo účtu: 35-1154780008/0800',
      'IBAN: CZ76 0800 0000 3511 5478 0008',
      'Žofie Řeháková',
      'Dřevařství Úžasná Ďáblice',
      'E-mail: zofie@example.cz',
      productName,
      '2 PRMS',
      '617,25',
      '1 234,50',
      'Doprava',
      '600,00',
      'Celkem s DPH:',
      '1 834,50 Kč',
      'Způsob platby: Převodem (QR)',
      `Variabilní symbol: ${order.intern_id}`,
      'Složit za stodolou, pozor na psa',
      'Předal',
      'Převzal',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(order.price_with_vat).toBe(1834.5);
    expect(text).toContain(
      `Celkem bez DPH: ${order.total_price
        .toFixed(2)
        .replace('.', ',')
        .replace(/\B(?=(\d{3})+,)/g, ' ')} Kč`,
    );
  });

  it('speaks German with language=de, and Czech by default', async () => {
    const response = await note(driver, order.id, `supplier=${suppliers.letokruh}&language=de`);
    expectPdf(response, `${order.intern_id}.pdf`);
    const { text } = await pdfText(response);
    for (const expected of [
      'Lieferschein',
      'Bestellnummer',
      'LIEFERANT',
      'KUNDE',
      'Lieferadresse',
      'Artikel',
      'Menge',
      '2 SRM',
      'Summe inkl. MwSt.',
      '1.834,50 CZK',
      'Zahlungsart: Überweisung (QR)',
      'Übernommen',
      'Žofie Řeháková',
      'Letokruh s.r.o.',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Dodací list');
    const czech = await pdfText(await note(driver, order.id, `supplier=${suppliers.letokruh}`));
    expect(czech.text).toContain('Dodací list');
  });

  it('refuses a missing or unknown supplier and an unknown language (400), an unknown order (404)', async () => {
    const missing = await note(owner, order.id, 'language=cs');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual(['supplier']);
    const language = await note(owner, order.id, `supplier=${suppliers.letokruh}&language=en`);
    expect(language.statusCode).toBe(400);
    expect(language.json().fields).toEqual(['language']);
    const unknown = await note(owner, order.id, 'supplier=99999');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error_code: ErrorCode.invalidInput, fields: ['supplier'] });
    const bad = await note(owner, order.id, `supplier=${await supplierWithBadAccount(t.db)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_code).toBe(ErrorCode.supplierAccountInvalid);
    expect((await note(owner, 99_999_999, `supplier=${suppliers.letokruh}`)).statusCode).toBe(404);
  });

  it('refuses a draft (409 / 142) and a cancelled order (409 / 140)', async () => {
    const draft = (await owner.get('/api/order/add')).json().id as number;
    const answer = await note(owner, draft, `supplier=${suppliers.letokruh}`);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error_code).toBe(ErrorCode.orderIsDraft);
    expect((await owner.delete(`/api/order/${second.id}/delete`)).statusCode).toBe(200);
    expect((await note(owner, second.id, `supplier=${suppliers.letokruh}`)).statusCode).toBe(409);
    expect((await owner.put(`/api/order/${second.id}/restore`)).statusCode).toBe(200);
  });
});

describe('GET /download_multiple_delivery_notes', () => {
  const merged = (c: Client, query: string) => c.get(`/api/download_multiple_delivery_notes?${query}`);

  it('puts the notes of the chosen orders into one PDF, a page each, in every list notation', async () => {
    const file = `dodaci-listy-${pragueDay()}.pdf`;
    for (const orders of [
      `orders=${order.id}&orders=${second.id}`,
      `orders=${order.id},${second.id}`,
      `orders[]=${order.id}&orders[]=${second.id}`,
    ]) {
      const response = await merged(technician, `${orders}&supplier=${suppliers.letokruh}&language=cs`);
      expectPdf(response, file);
      const { text, pages } = await pdfText(response);
      expect(pages, orders).toBe(2);
      expect(text).toContain(String(order.intern_id));
      expect(text).toContain(String(second.intern_id));
      expect(text).toContain('Žofie Řeháková');
      expect(text).toContain('1 000,00');
    }
    const german = await merged(
      warehouseman,
      `orders=${order.id}&supplier=${suppliers.letokruh}&language=de`,
    );
    expectPdf(german, `lieferscheine-${pragueDay()}.pdf`);
    expect((await pdfText(german)).text).toContain('Lieferschein');
  });

  it('needs at least one order and at most 500 (400), each of them known (404)', async () => {
    const none = await merged(dispatcher, `supplier=${suppliers.letokruh}`);
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual(['orders']);
    const many = Array.from({ length: 501 }, (_, i) => i + 1).join(',');
    const tooMany = await merged(dispatcher, `orders=${many}&supplier=${suppliers.letokruh}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields).toEqual(['orders']);
    expect((await merged(dispatcher, `orders=abc&supplier=${suppliers.letokruh}`)).statusCode).toBe(400);
    expect((await merged(dispatcher, `orders=${order.id}`)).statusCode).toBe(400);
    const unknown = await merged(dispatcher, `orders=${order.id},99999999&supplier=${suppliers.letokruh}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('99999999');
  });

  it('is refused without can_export_delivery_notes: the driver gets 403 / 110', async () => {
    const response = await merged(driver, `orders=${order.id}&supplier=${suppliers.letokruh}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().error_code).toBe(ErrorCode.accessDenied);
  });
});

describe('GET /download-orders', () => {
  const sheet = (c: Client, query: string) => c.get(`/api/download-orders?${query}`);

  it("lists the warehouse's orders of the day on landscape A4, in delivery order", async () => {
    const day = order.expected_delivery_date!;
    await makeOrder(owner, {
      warehouseId: brod,
      customerId: order.customer!.id,
      lines: [{ id: order.products[0]!.product.product.id, amount: 1 }],
      intern: { expected_delivery_date: day, expected_delivery_time: '07:15', confirm_overlap: true },
    });
    const response = await sheet(dispatcher, `warehouse=${brod}&from=${day}`);
    expectPdf(response, `objednavky-${day}.pdf`);
    const { text, pages } = await pdfText(response);
    expect(pages).toBe(1);
    expect(text).toContain('Objednávky – Sklad Havlíčkův Brod');
    for (const expected of [
      'Dodání',
      'Objednávka',
      'Řidič / auto',
      'Položky',
      'Poznámka',
      'Žofie Řeháková',
      '1 834,50 Kč',
      'Převodem (QR)',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // In the rows, after the table's head: the sheet's heading prints the time it was made, which
    // once a day is the order's own time (CI failed at 10:00 Prague on the order at 10:00).
    const rows = text.indexOf('Dodání');
    expect(rows).toBeGreaterThan(-1);
    expect(text.indexOf('07:15', rows)).toBeGreaterThan(rows);
    expect(text.indexOf('07:15', rows)).toBeLessThan(text.indexOf(order.expected_delivery_time!, rows));
    expect(text).toContain('Počet objednávek: 2');
    expect(text).toContain('Strana 1 z 1');
    // Landscape: the first page is wider than high.
    const parser = new PDFParse({ data: new Uint8Array(response.rawPayload) });
    const info = await parser.getInfo({ parsePageInfo: true });
    await parser.destroy();
    const page = info.pages?.[0] as { width: number; height: number } | undefined;
    expect(page && page.width > page.height).toBe(true);
  });

  it('leaves out cancelled orders and other days; a range names both days in the file', async () => {
    const day = second.expected_delivery_date!;
    expect((await owner.delete(`/api/order/${second.id}/delete`)).statusCode).toBe(200);
    const single = await pdfText(await sheet(owner, `warehouse=${brod}&from=${day}&to=${day}`));
    expect(single.text).not.toContain(String(second.intern_id));
    expect(single.text).toContain('Žádné objednávky');
    expect((await owner.put(`/api/order/${second.id}/restore`)).statusCode).toBe(200);
    const [from, to] = [order.expected_delivery_date!, day].sort() as [string, string];
    const range = await sheet(owner, `warehouse=${brod}&from=${from}&to=${to}`);
    expectPdf(range, `objednavky-${from}-${to}.pdf`);
    const { text } = await pdfText(range);
    expect(text).toContain(String(second.intern_id));
    expect(text).toContain(String(order.intern_id));
  });

  it('needs a warehouse and a from date (400), a known warehouse and a sane range; can_export_orders', async () => {
    const day = order.expected_delivery_date!;
    const noWarehouse = await sheet(owner, `from=${day}`);
    expect(noWarehouse.statusCode).toBe(400);
    expect(noWarehouse.json().fields).toEqual(['warehouse']);
    expect((await sheet(owner, `warehouse=${brod}`)).json().fields).toEqual(['from']);
    expect((await sheet(owner, `warehouse=${brod}&from=2026-02-30`)).statusCode).toBe(400);
    const backwards = await sheet(owner, `warehouse=${brod}&from=2026-05-10&to=2026-05-09`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toEqual(['to']);
    expect((await sheet(owner, `warehouse=${brod}&from=2026-01-01&to=2026-12-31`)).statusCode).toBe(400);
    const unknown = await sheet(owner, `warehouse=99999&from=${day}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual(['warehouse']);
    for (const c of [technician, warehouseman, driver]) {
      const response = await sheet(c, `warehouse=${brod}&from=${day}`);
      expect(response.statusCode).toBe(403);
      expect(response.json().error_code).toBe(ErrorCode.accessDenied);
    }
  });
});

describe('personal collection in the PDFs', () => {
  it('the note and the orders sheet name the warehouse to collect from, no delivery address or car', async () => {
    const collection = await makeOrder(owner, {
      warehouseId: brod,
      customerId: order.customer!.id,
      lines: [{ id: order.products[0]!.product.product.id, amount: 1 }],
      intern: { driver_id: null, expected_delivery_date: '2034-05-02', expected_delivery_time: '09:00' },
    });
    const { text } = await pdfText(await note(owner, collection.id, `supplier=${suppliers.vysocina}`));
    expect(text).toContain('Osobní odběr ve skladu: Sklad Havlíčkův Brod');
    expect(text).not.toContain('Místo dodání');
    expect(text).not.toContain('Doprava');
    const sheetText = (
      await pdfText(await owner.get(`/api/download-orders?warehouse=${brod}&from=2034-05-02`))
    ).text;
    expect(sheetText).toContain('osobní odběr ve skladu');
    expect(sheetText).not.toContain(collection.address?.full_address ?? order.customer!.address.full_address);
  });
});
