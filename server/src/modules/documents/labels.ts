import type { DeliveryNoteLanguage } from '@letokruh/contracts/documents';
import type { PaymentType } from '@letokruh/contracts/orders';
import {
  formatDay as formatCzechDay,
  formatDateShort,
  formatMoney,
  formatNumber,
} from '@letokruh/contracts/rules/format';
import { numberFormat } from '@letokruh/contracts/rules/intl';
import type { Currency } from '@letokruh/contracts/rules/money';

/** Texts of the delivery note in its two languages (domain.md §1.9: cs and de). */
export const deliveryNoteLabels = {
  cs: {
    title: 'Dodací list',
    number: 'Číslo objednávky',
    issued: 'Datum vystavení',
    ordered: 'Datum objednávky',
    delivery: 'Datum dodání',
    continued: 'pokračování',
    supplier: 'Dodavatel',
    account: 'Číslo účtu',
    iban: 'IBAN',
    customer: 'Odběratel',
    organizationId: 'IČO',
    vatId: 'DIČ',
    vatPayer: 'plátce DPH',
    notVatPayer: 'neplátce DPH',
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
    recap: 'Rekapitulace DPH',
    rate: 'Sazba',
    base: 'Základ',
    recapVat: 'DPH',
    recapTotal: 'Celkem',
    rounding: 'Zaokrouhlení',
    toPay: 'K úhradě',
    payment: 'Způsob platby',
    variableSymbol: 'Variabilní symbol',
    paid: 'zaplaceno',
    note: 'Poznámka',
    handedOver: 'Předal (datum, podpis)',
    received: 'Převzal (datum, podpis)',
    delivered: 'Doručeno a převzato',
    receivedBy: 'Převzal',
    deliveredAt: 'Doručeno',
    driver: 'Řidič',
    place: 'Poloha',
    changedLines: 'Dodáno jinak, než objednáno',
    orderedAmount: 'objednáno',
    deliveredAmount: 'dodáno',
    reason: 'důvod',
    cashReceived: 'Hotovost převzal řidič',
    balance: 'Zbývá doplatit převodem',
    receiverSignature: 'Podpis příjemce',
    page: 'Strana',
    of: 'z',
  },
  de: {
    title: 'Lieferschein',
    number: 'Bestellnummer',
    issued: 'Ausstellungsdatum',
    ordered: 'Bestelldatum',
    delivery: 'Liefertermin',
    continued: 'Fortsetzung',
    supplier: 'Lieferant',
    account: 'Kontonummer',
    iban: 'IBAN',
    customer: 'Kunde',
    organizationId: 'Firmennummer (IČO)',
    vatId: 'USt-IdNr. (DIČ)',
    vatPayer: 'umsatzsteuerpflichtig',
    notVatPayer: 'nicht umsatzsteuerpflichtig',
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
    recap: 'MwSt.-Aufstellung',
    rate: 'Satz',
    base: 'Netto',
    recapVat: 'MwSt.',
    recapTotal: 'Brutto',
    rounding: 'Rundung',
    toPay: 'Zu zahlen',
    payment: 'Zahlungsart',
    variableSymbol: 'Verwendungszweck (VS)',
    paid: 'bezahlt',
    note: 'Anmerkung',
    handedOver: 'Übergeben (Datum, Unterschrift)',
    received: 'Übernommen (Datum, Unterschrift)',
    delivered: 'Geliefert und übernommen',
    receivedBy: 'Übernommen von',
    deliveredAt: 'Geliefert',
    driver: 'Fahrer',
    place: 'Standort',
    changedLines: 'Abweichend von der Bestellung geliefert',
    orderedAmount: 'bestellt',
    deliveredAmount: 'geliefert',
    reason: 'Grund',
    cashReceived: 'Bar an den Fahrer bezahlt',
    balance: 'Restbetrag per Überweisung',
    receiverSignature: 'Unterschrift des Empfängers',
    page: 'Seite',
    of: 'von',
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

// Czech goes through the shared formats (domain.md §2.9); the shared rules know no German, so the
// German note formats here with the same options.

/** "1 234,50" (cs) or "1.234,50" (de): two decimals, the language's grouping. */
export const formatAmount = (value: number, lang: DeliveryNoteLanguage) =>
  lang === 'cs'
    ? formatMoney(value)
    : numberFormat(locales[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);

/** "1 234,50 Kč", "1.234,50 €". */
export const formatPrice = (value: number, currency: Currency, lang: DeliveryNoteLanguage) =>
  lang === 'cs'
    ? formatMoney(value, currency)
    : numberFormat(locales[lang], { style: 'currency', currency, minimumFractionDigits: 2 }).format(value);

/** A rounding difference with its sign: "+0,50 Kč", "−0,40 Kč". */
export const formatSignedPrice = (value: number, currency: Currency, lang: DeliveryNoteLanguage) =>
  `${value > 0 ? '+' : value < 0 ? '−' : ''}${formatPrice(Math.abs(value), currency, lang)}`;

/** An amount of goods: up to two decimals, no trailing zeros ("2", "1,5"). */
export const formatQuantity = (value: number, lang: DeliveryNoteLanguage) =>
  lang === 'cs'
    ? formatNumber(value)
    : numberFormat(locales[lang], { maximumFractionDigits: 2 }).format(value);

/** An instant as the Prague wall clock: "27.11.2026 14:32" (cs, decision 0088), "27.11.2026, 14:32" (de). */
export function formatPragueTime(iso: string, lang: DeliveryNoteLanguage): string {
  if (lang === 'cs') return formatDateShort(iso, 'cs');
  return new Intl.DateTimeFormat(locales[lang], {
    timeZone: 'Europe/Prague',
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** A calendar day YYYY-MM-DD as the server's "5.5.2026" (domain.md §2.9) or the German "05.05.2026". */
export function formatDay(day: string, lang: DeliveryNoteLanguage): string {
  if (lang === 'cs') return formatCzechDay(day);
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}

const countryNames = {
  cs: new Intl.DisplayNames('cs', { type: 'region' }),
  de: new Intl.DisplayNames('de', { type: 'region' }),
};

/** An ISO country code in the document's language ("Rakousko", "Tschechien"); other text as it is. */
export function countryName(country: string, lang: DeliveryNoteLanguage): string {
  if (!/^[A-Z]{2}$/.test(country)) return country;
  return countryNames[lang].of(country) ?? country;
}
