import type { DeliveryNoteLanguage } from '@letokruh/contracts/documents';
import type { PaymentType } from '@letokruh/contracts/orders';
import { formatDay as formatCzechDay } from '@letokruh/contracts/rules/format';
import type { Currency } from '@letokruh/contracts/rules/money';

/** Texts of the delivery note in its two languages (part 1 §9: cs and de). */
export const deliveryNoteLabels = {
  cs: {
    title: 'Dodací list',
    number: 'Číslo objednávky',
    issued: 'Datum vystavení',
    delivery: 'Datum dodání',
    supplier: 'Dodavatel',
    account: 'Číslo účtu',
    iban: 'IBAN',
    customer: 'Odběratel',
    organizationId: 'IČO',
    phone: 'Telefon',
    email: 'E-mail',
    deliveryAddress: 'Místo dodání',
    warehouse: 'Expedice ze skladu',
    personalCollection: 'osobní odběr',
    collectionAt: 'Osobní odběr ve skladu',
    item: 'Položka',
    length: 'Délka',
    amount: 'Množství',
    unitPrice: 'Cena za jedn. s DPH',
    vat: 'DPH %',
    lineTotal: 'Celkem s DPH',
    discount: 'sleva',
    transport: 'Doprava',
    withoutVat: 'Celkem bez DPH',
    vatTotal: 'DPH',
    withVat: 'Celkem s DPH',
    currency: 'Měna',
    payment: 'Způsob platby',
    variableSymbol: 'Variabilní symbol',
    paid: 'zaplaceno',
    note: 'Poznámka',
    handedOver: 'Předal (datum, podpis)',
    received: 'Převzal (datum, podpis)',
    page: 'Strana',
  },
  de: {
    title: 'Lieferschein',
    number: 'Bestellnummer',
    issued: 'Ausstellungsdatum',
    delivery: 'Liefertermin',
    supplier: 'Lieferant',
    account: 'Kontonummer',
    iban: 'IBAN',
    customer: 'Kunde',
    organizationId: 'Firmennummer (IČO)',
    phone: 'Telefon',
    email: 'E-Mail',
    deliveryAddress: 'Lieferadresse',
    warehouse: 'Versand ab Lager',
    personalCollection: 'Selbstabholung',
    collectionAt: 'Selbstabholung im Lager',
    item: 'Artikel',
    length: 'Länge',
    amount: 'Menge',
    unitPrice: 'Einzelpreis inkl. MwSt.',
    vat: 'MwSt. %',
    lineTotal: 'Gesamt inkl. MwSt.',
    discount: 'Rabatt',
    transport: 'Transport',
    withoutVat: 'Summe ohne MwSt.',
    vatTotal: 'MwSt.',
    withVat: 'Summe inkl. MwSt.',
    currency: 'Währung',
    payment: 'Zahlungsart',
    variableSymbol: 'Verwendungszweck (VS)',
    paid: 'bezahlt',
    note: 'Anmerkung',
    handedOver: 'Übergeben (Datum, Unterschrift)',
    received: 'Übernommen (Datum, Unterschrift)',
    page: 'Seite',
  },
} as const satisfies Record<DeliveryNoteLanguage, Record<string, string>>;

export type Labels = (typeof deliveryNoteLabels)[DeliveryNoteLanguage];

export const paymentLabels: Record<DeliveryNoteLanguage, Record<PaymentType, string>> = {
  cs: { cash: 'Hotově', qr_transfer: 'Převodem (QR)' },
  de: { cash: 'Bar', qr_transfer: 'Überweisung (QR)' },
};

/** Units of the price list: prostorový metr sypaný / rovnaný, in German Schütt- and Raummeter. */
export const unitLabels: Record<DeliveryNoteLanguage, Record<string, string>> = {
  cs: { PRMS: 'PRMS', PRMR: 'PRMR' },
  de: { PRMS: 'SRM', PRMR: 'RM' },
};

const locales: Record<DeliveryNoteLanguage, string> = { cs: 'cs-CZ', de: 'de-DE' };

/** "1 234,50" (cs) or "1.234,50" (de): two decimals, the language's grouping. */
export const formatAmount = (value: number, lang: DeliveryNoteLanguage) =>
  new Intl.NumberFormat(locales[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);

/** "1 234,50 Kč", "1.234,50 €". */
export const formatPrice = (value: number, currency: Currency, lang: DeliveryNoteLanguage) =>
  new Intl.NumberFormat(locales[lang], { style: 'currency', currency, minimumFractionDigits: 2 }).format(
    value,
  );

/** An amount of goods: up to two decimals, no trailing zeros ("2", "1,5"). */
export const formatQuantity = (value: number, lang: DeliveryNoteLanguage) =>
  new Intl.NumberFormat(locales[lang], { maximumFractionDigits: 2 }).format(value);

/** A calendar day YYYY-MM-DD as the server's "5.5.2026" (part 2 §9) or the German "05.05.2026". */
export function formatDay(day: string, lang: DeliveryNoteLanguage): string {
  if (lang === 'cs') return formatCzechDay(day);
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}
