import type { MailLanguage } from '@letokruh/contracts/rules/mail-language';

/**
 * The words of the QR payment e-mail in the three languages a customer receives it in (decision 0036:
 * cs for Czechia and Slovakia, de for Austria and Germany, en otherwise). Amounts come formatted.
 */
export type QrEmailTexts = {
  subject: (number: string) => string;
  greeting: string;
  intro: (number: string) => string;
  labels: {
    payee: string;
    account: string;
    iban: string;
    bic: string;
    amount: string;
    variableSymbol: string;
    message: string;
  };
  rounded: (original: string) => string;
  qrHint: { CZK: string; EUR: string };
  /** Where the QR is, for the plain-text part. */
  qrWhere: (file: string) => string;
  imageAlt: (number: string) => string;
  replyHint: string;
  closing: string;
  footer: { ico: string; dic: string; email: string; phone: string };
  /** Intl locale of the amounts. */
  locale: string;
};

const cs: QrEmailTexts = {
  subject: (n) => `Platba objednávky č. ${n}`,
  greeting: 'Dobrý den,',
  intro: (n) => `děkujeme za Vaši objednávku č. ${n}. Zaplatit ji můžete bankovním převodem:`,
  labels: {
    payee: 'Příjemce',
    account: 'Číslo účtu',
    iban: 'IBAN',
    bic: 'BIC (SWIFT)',
    amount: 'Částka',
    variableSymbol: 'Variabilní symbol',
    message: 'Zpráva pro příjemce',
  },
  rounded: (original) => `Částka je zaokrouhlena na celé koruny (cena objednávky s DPH je ${original}).`,
  qrHint: {
    CZK: 'Nejrychleji zaplatíte, když QR kód načtete v aplikaci své banky (QR Platba); údaje se vyplní samy.',
    EUR: 'QR kód pro platbu v eurech (SEPA) načtete v aplikaci své banky; údaje se vyplní samy.',
  },
  qrWhere: (file) => `QR kód najdete v HTML verzi tohoto e-mailu a v příloze ${file}.`,
  imageAlt: (n) => `QR platba objednávky č. ${n}`,
  replyHint: 'Máte-li dotaz, odpovězte prosím na tento e-mail.',
  closing: 'S pozdravem',
  footer: { ico: 'IČO', dic: 'DIČ', email: 'E-mail', phone: 'Telefon' },
  locale: 'cs-CZ',
};

const de: QrEmailTexts = {
  subject: (n) => `Zahlung für Ihre Bestellung Nr. ${n}`,
  greeting: 'Guten Tag,',
  intro: (n) =>
    `vielen Dank für Ihre Bestellung Nr. ${n}. Sie können den Betrag per Banküberweisung bezahlen:`,
  labels: {
    payee: 'Empfänger',
    account: 'Kontonummer (CZ)',
    iban: 'IBAN',
    bic: 'BIC (SWIFT)',
    amount: 'Betrag',
    variableSymbol: 'Variables Symbol (VS)',
    message: 'Verwendungszweck',
  },
  rounded: (original) =>
    `Der Betrag ist auf ganze Kronen gerundet (der Bestellwert inkl. MwSt. beträgt ${original}).`,
  qrHint: {
    CZK: 'Am schnellsten zahlen Sie, indem Sie den QR-Code mit der App Ihrer Bank scannen (tschechische QR-Platba); die Angaben werden automatisch übernommen.',
    EUR: 'Scannen Sie den QR-Code für die SEPA-Überweisung in Euro (GiroCode / EPC-QR-Code) mit der App Ihrer Bank; die Angaben werden automatisch übernommen.',
  },
  qrWhere: (file) => `Den QR-Code finden Sie in der HTML-Ansicht dieser E-Mail und im Anhang ${file}.`,
  imageAlt: (n) => `QR-Code zur Zahlung der Bestellung Nr. ${n}`,
  replyHint: 'Bei Fragen antworten Sie bitte einfach auf diese E-Mail.',
  closing: 'Mit freundlichen Grüßen',
  footer: { ico: 'Firmennummer (IČO)', dic: 'USt-IdNr. (DIČ)', email: 'E-Mail', phone: 'Telefon' },
  locale: 'de-DE',
};

const en: QrEmailTexts = {
  subject: (n) => `Payment for your order no. ${n}`,
  greeting: 'Hello,',
  intro: (n) => `Thank you for your order no. ${n}. You can pay for it by bank transfer:`,
  labels: {
    payee: 'Payee',
    account: 'Account number (CZ)',
    iban: 'IBAN',
    bic: 'BIC (SWIFT)',
    amount: 'Amount',
    variableSymbol: 'Variable symbol (VS)',
    message: 'Payment reference',
  },
  rounded: (original) =>
    `The amount is rounded to whole koruna (the order's price including VAT is ${original}).`,
  qrHint: {
    CZK: "The quickest way to pay is to scan the QR code in your bank's app (Czech QR Platba); the details fill in by themselves.",
    EUR: "Scan the QR code for the SEPA transfer in euro (EPC QR code) in your bank's app; the details fill in by themselves.",
  },
  qrWhere: (file) => `The QR code is shown in the HTML version of this e-mail and attached as ${file}.`,
  imageAlt: (n) => `Payment QR code of order no. ${n}`,
  replyHint: 'If you have any questions, simply reply to this e-mail.',
  closing: 'Kind regards',
  footer: { ico: 'Company ID (IČO)', dic: 'VAT ID (DIČ)', email: 'E-mail', phone: 'Phone' },
  locale: 'en-GB',
};

export const qrEmailTexts: Record<MailLanguage, QrEmailTexts> = { cs, de, en };
