import type { PassThrough } from 'node:stream';
import { formatPhone } from '@letokruh/contracts/rules/format';
import type { Currency } from '@letokruh/contracts/rules/money';
import { currencies, fromMinor } from '@letokruh/contracts/rules/money';
import type { ExportLanguage, StatsExport, StatsExportQuery } from '@letokruh/contracts/stats';
import type { DbOrTx } from '../../db/client.ts';
import { CurrencySums, orderSums, productSums, totalsOf } from './stats.service.ts';
import * as q from './stats-batches.queries.ts';
import { type Column, excelDay, excelDaySerial, excelPragueTimeSerial, streamSheet } from './xlsx.ts';

/** The XLSX downloads of the overviews page (domain.md §2.2, §2.7), headers in the asked language. */

const texts = {
  cs: {
    yes: 'ano',
    no: 'ne',
    noCampaign: '(bez kampaně)',
    cash: 'hotově',
    qr_transfer: 'převodem (QR)',
    sheets: { campaigns: 'Kampaně', orders: 'Objednávky', customers: 'Zákazníci', products: 'Produkty' },
    campaign: 'Kampaň',
    currency: 'Měna',
    orders: 'Objednávek',
    products: 'Zboží s DPH',
    travel: 'Doprava s DPH',
    total: 'Celkem s DPH',
    net: 'Celkem bez DPH',
    vat: 'DPH',
    internId: 'Číslo objednávky',
    created: 'Vytvořeno',
    delivery: 'Datum doručení',
    warehouse: 'Sklad',
    customer: 'Zákazník',
    organization: 'Firma',
    organizationId: 'IČO',
    phone: 'Telefon',
    email: 'E-mail',
    address: 'Adresa',
    town: 'Obec',
    driver: 'Řidič',
    collection: 'Osobní odběr',
    payment: 'Platba',
    done: 'Hotovo',
    collected: 'Zaplaceno',
    customerId: 'Číslo zákazníka',
    first: 'První doručení',
    last: 'Poslední doručení',
    totalCzk: 'Celkem s DPH (CZK)',
    totalEur: 'Celkem s DPH (EUR)',
    product: 'Produkt',
    shortName: 'Zkratka',
    type: 'Druh',
    unit: 'Jednotka',
    amount: 'Množství',
  },
  en: {
    yes: 'yes',
    no: 'no',
    noCampaign: '(no campaign)',
    cash: 'cash',
    qr_transfer: 'transfer (QR)',
    sheets: { campaigns: 'Campaigns', orders: 'Orders', customers: 'Customers', products: 'Products' },
    campaign: 'Campaign',
    currency: 'Currency',
    orders: 'Orders',
    products: 'Goods incl. VAT',
    travel: 'Delivery incl. VAT',
    total: 'Total incl. VAT',
    net: 'Total excl. VAT',
    vat: 'VAT',
    internId: 'Order number',
    created: 'Created',
    delivery: 'Delivery date',
    warehouse: 'Warehouse',
    customer: 'Customer',
    organization: 'Company',
    organizationId: 'Company ID',
    phone: 'Phone',
    email: 'E-mail',
    address: 'Address',
    town: 'Town',
    driver: 'Driver',
    collection: 'Personal collection',
    payment: 'Payment',
    done: 'Done',
    collected: 'Paid',
    customerId: 'Customer number',
    first: 'First delivery',
    last: 'Last delivery',
    totalCzk: 'Total incl. VAT (CZK)',
    totalEur: 'Total incl. VAT (EUR)',
    product: 'Product',
    shortName: 'Short name',
    type: 'Type',
    unit: 'Unit',
    amount: 'Amount',
  },
} as const;

type Texts = (typeof texts)[ExportLanguage];

export type XlsxFile = { stream: PassThrough; filename: string };

const customerName = (o: q.StatsOrder) => `${o.firstName} ${o.lastName}`.trim();

/** Campaigns by ad type: one row per ad type and currency. */
function campaigns(db: DbOrTx, query: StatsExportQuery, t: Texts, onError: (e: unknown) => void) {
  type Row = { name: string; currency: Currency; sums: CurrencySums };
  const columns: Column<Row>[] = [
    { header: t.campaign, width: 28, kind: 'text', value: (r) => r.name },
    { header: t.currency, width: 8, kind: 'text', value: (r) => r.currency },
    { header: t.orders, width: 11, kind: 'integer', value: (r) => r.sums.count },
    ...moneyColumns<Row>(
      t,
      (r) => r.currency,
      (r) => r.sums.of(r.currency)!,
    ),
  ];
  return streamSheet<Row>({
    sheetName: t.sheets.campaigns,
    columns,
    labels: t,
    onError,
    fill: async (sheet) => {
      // At most one entry per ad type and currency: small, whatever the range.
      const groups = new Map<string, { name: string; perCurrency: Map<Currency, CurrencySums> }>();
      for await (const batch of q.orderBatches(db, query)) {
        for (const order of batch) {
          const key = order.adtypeId === null ? '' : String(order.adtypeId);
          const group = groups.get(key) ?? { name: order.adtypeName ?? t.noCampaign, perCurrency: new Map() };
          const sums = group.perCurrency.get(order.currency) ?? new CurrencySums();
          sums.add(order.currency, totalsOf(order));
          group.perCurrency.set(order.currency, sums);
          groups.set(key, group);
        }
      }
      const sorted = [...groups.entries()].sort(([a, ga], [b, gb]) =>
        a === '' ? 1 : b === '' ? -1 : ga.name.localeCompare(gb.name, 'cs'),
      );
      for (const [, group] of sorted) {
        for (const currency of currencies) {
          const sums = group.perCurrency.get(currency);
          if (sums) sheet.add({ name: group.name, currency, sums });
        }
      }
    },
  });
}

type Sums = { travel: number; products: number; total: number; net: number };

function moneyColumns<Row>(t: Texts, currency: (r: Row) => Currency, sums: (r: Row) => Sums): Column<Row>[] {
  return [
    { header: t.products, width: 16, kind: 'money', currency, value: (r) => sums(r).products },
    { header: t.travel, width: 16, kind: 'money', currency, value: (r) => sums(r).travel },
    { header: t.net, width: 16, kind: 'money', currency, value: (r) => sums(r).net },
    {
      header: t.vat,
      width: 14,
      kind: 'money',
      currency,
      value: (r) => fromMinor(Math.round(sums(r).total * 100) - Math.round(sums(r).net * 100)),
    },
    { header: t.total, width: 16, kind: 'money', currency, value: (r) => sums(r).total },
  ];
}

/** Every order of the range, one row each, written batch by batch. */
function ordersSheet(db: DbOrTx, query: StatsExportQuery, t: Texts, onError: (e: unknown) => void) {
  type Row = { order: q.StatsOrder; sums: Sums };
  // A range holds a few dozen delivery days and a hundred thousand orders.
  const daySerials = new Map<string, number>();
  const daySerial = (day: string) => {
    let serial = daySerials.get(day);
    if (serial === undefined) {
      serial = excelDaySerial(day);
      daySerials.set(day, serial);
    }
    return serial;
  };
  const columns: Column<Row>[] = [
    { header: t.internId, width: 15, kind: 'integer', value: (r) => r.order.internId },
    {
      header: t.created,
      width: 16,
      kind: 'datetime',
      value: (r) => excelPragueTimeSerial(r.order.createdMs),
    },
    {
      header: t.delivery,
      width: 14,
      kind: 'date',
      value: (r) => (r.order.expectedDeliveryDate ? daySerial(r.order.expectedDeliveryDate) : null),
    },
    { header: t.warehouse, width: 22, kind: 'text', value: (r) => r.order.warehouseName },
    { header: t.customer, width: 24, kind: 'text', value: (r) => customerName(r.order) },
    { header: t.organization, width: 22, kind: 'text', value: (r) => r.order.organizationName || null },
    { header: t.phone, width: 16, kind: 'text', value: (r) => formatPhone(r.order.wholePhone, '') },
    { header: t.email, width: 24, kind: 'text', value: (r) => r.order.email || null },
    { header: t.address, width: 32, kind: 'text', value: (r) => r.order.fullAddress },
    { header: t.campaign, width: 18, kind: 'text', value: (r) => r.order.adtypeName },
    { header: t.driver, width: 18, kind: 'text', value: (r) => r.order.driverName ?? t.collection },
    { header: t.currency, width: 8, kind: 'text', value: (r) => r.order.currency },
    ...moneyColumns<Row>(
      t,
      (r) => r.order.currency,
      (r) => r.sums,
    ),
    { header: t.payment, width: 14, kind: 'text', value: (r) => t[r.order.paymentType] },
    { header: t.done, width: 8, kind: 'yesno', value: (r) => r.order.done },
    {
      header: t.collected,
      width: 16,
      kind: 'datetime',
      value: (r) => (r.order.collectedMs === null ? null : excelPragueTimeSerial(r.order.collectedMs)),
    },
  ];
  return streamSheet<Row>({
    sheetName: t.sheets.orders,
    columns,
    labels: t,
    onError,
    fill: async (sheet) => {
      for await (const batch of q.orderBatches(db, query)) {
        for (const order of batch) sheet.add({ order, sums: orderSums(totalsOf(order)) });
        await sheet.flush();
      }
    },
  });
}

/** Customers with orders delivered in the range: their count, days and totals per currency. */
function customersSheet(db: DbOrTx, query: StatsExportQuery, t: Texts, onError: (e: unknown) => void) {
  type Row = { first: q.StatsOrder; firstDay: string | null; lastDay: string | null; sums: CurrencySums };
  const total = (r: Row, currency: Currency) => r.sums.of(currency)?.total ?? 0;
  const columns: Column<Row>[] = [
    { header: t.customerId, width: 15, kind: 'integer', value: (r) => r.first.customerInternId },
    { header: t.customer, width: 24, kind: 'text', value: (r) => customerName(r.first) },
    { header: t.organization, width: 22, kind: 'text', value: (r) => r.first.organizationName || null },
    { header: t.organizationId, width: 12, kind: 'text', value: (r) => r.first.organizationId || null },
    { header: t.phone, width: 16, kind: 'text', value: (r) => formatPhone(r.first.wholePhone, '') },
    { header: t.email, width: 24, kind: 'text', value: (r) => r.first.email || null },
    { header: t.address, width: 32, kind: 'text', value: (r) => r.first.fullAddress },
    { header: t.town, width: 16, kind: 'text', value: (r) => r.first.town },
    { header: t.orders, width: 11, kind: 'integer', value: (r) => r.sums.count },
    { header: t.first, width: 14, kind: 'date', value: (r) => (r.firstDay ? excelDay(r.firstDay) : null) },
    { header: t.last, width: 14, kind: 'date', value: (r) => (r.lastDay ? excelDay(r.lastDay) : null) },
    { header: t.totalCzk, width: 18, kind: 'money', currency: () => 'CZK', value: (r) => total(r, 'CZK') },
    { header: t.totalEur, width: 18, kind: 'money', currency: () => 'EUR', value: (r) => total(r, 'EUR') },
  ];
  return streamSheet<Row>({
    sheetName: t.sheets.customers,
    columns,
    labels: t,
    onError,
    fill: async (sheet) => {
      for await (const batch of q.customerBatches(db, query)) {
        let row: Row | undefined;
        for (const order of batch) {
          if (row && row.first.customerId !== order.customerId) {
            sheet.add(row);
            row = undefined;
          }
          row ??= {
            first: order,
            firstDay: order.expectedDeliveryDate,
            lastDay: null,
            sums: new CurrencySums(),
          };
          row.lastDay = order.expectedDeliveryDate;
          row.sums.add(order.currency, totalsOf(order));
        }
        if (row) sheet.add(row);
        await sheet.flush();
      }
    },
  });
}

/** Products sold in the range: one row per product and currency. */
function productsSheet(db: DbOrTx, query: StatsExportQuery, t: Texts, onError: (e: unknown) => void) {
  type Row = {
    name: string;
    shortName: string;
    type: string;
    unit: string;
    amount: number;
    orders: number;
    currency: Currency;
    withVat: number;
    net: number;
  };
  const columns: Column<Row>[] = [
    { header: t.product, width: 30, kind: 'text', value: (r) => r.name },
    { header: t.shortName, width: 10, kind: 'text', value: (r) => r.shortName },
    { header: t.type, width: 16, kind: 'text', value: (r) => r.type },
    { header: t.unit, width: 9, kind: 'text', value: (r) => r.unit },
    { header: t.amount, width: 12, kind: 'amount', value: (r) => r.amount },
    { header: t.orders, width: 11, kind: 'integer', value: (r) => r.orders },
    { header: t.currency, width: 8, kind: 'text', value: (r) => r.currency },
    { header: t.net, width: 16, kind: 'money', currency: (r) => r.currency, value: (r) => r.net },
    { header: t.total, width: 16, kind: 'money', currency: (r) => r.currency, value: (r) => r.withVat },
  ];
  return streamSheet<Row>({
    sheetName: t.sheets.products,
    columns,
    labels: t,
    onError,
    fill: async (sheet) => {
      // One entry per product sold: bounded by the catalogue, not by the range.
      for (const { product, sums } of await productSums(db, query)) {
        for (const currency of currencies) {
          const money = sums.byCurrency.get(currency);
          if (!money) continue;
          sheet.add({
            name: product.name,
            shortName: product.shortenName,
            type: product.type,
            unit: product.measurementUnit,
            amount: fromMinor(money.amount),
            orders: money.orders,
            currency,
            withVat: fromMinor(money.withVat),
            net: fromMinor(money.net),
          });
        }
      }
    },
  });
}

const sheets = { campaigns, orders: ordersSheet, customers: customersSheet, products: productsSheet };

/** Starts the download; the file is named after the report and the range. */
export function statsXlsx(
  db: DbOrTx,
  kind: StatsExport,
  query: StatsExportQuery,
  onError: (e: unknown) => void,
): XlsxFile {
  const t = texts[query.lang];
  const name = t.sheets[kind].toLowerCase();
  const filename = `${asciiName(name)}_${query.from}_${query.to}.xlsx`;
  return { stream: sheets[kind](db, query, t, onError), filename };
}

const asciiName = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, '_');
