import { groupIban } from '@letokruh/contracts/rules/bank-account';
import { formatPhone } from '@letokruh/contracts/rules/format';
import { numberFormat } from '@letokruh/contracts/rules/intl';
import type { MailLanguage } from '@letokruh/contracts/rules/mail-language';
import type { MailMessage } from '../../mail/mailer.ts';
import type { SupplierContact } from './payments.queries.ts';
import type { BuiltQr, PaymentSupplier } from './payments.service.ts';
import { qrEmailTexts } from './qr-email-texts.ts';

/**
 * The e-mail with an order's payment details and its QR (domain.md §1.2 e-mail QR modal; decision 0036): in
 * the customer's language, HTML with the QR inline plus a plain-text part that says where the QR
 * is and repeats everything a payer types by hand (account, amount, VS or reference). Replies go
 * to the supplier (`Reply-To`), the sender stays the system's (MAIL_FROM).
 */

const qrCid = 'qr-platba@letokruh';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export type QrEmailInput = {
  orderNumber: string;
  language: MailLanguage;
  supplier: PaymentSupplier;
  /** The supplier's identity for the footer and Reply-To; absent for a row gone since. */
  contact: SupplierContact | undefined;
  qr: BuiltQr;
  to: string;
};

/** The supplier's address when it is one a mail program accepts; otherwise no Reply-To. */
export const replyToOf = (email: string | undefined): string | undefined => {
  const address = email?.trim() ?? '';
  return /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/.test(address) ? address : undefined;
};

function footerLines(input: QrEmailInput): string[] {
  const { contact, supplier } = input;
  const words = qrEmailTexts[input.language].footer;
  if (!contact) return [supplier.name];
  const place = [contact.zipCode, contact.town].filter(Boolean).join(' ');
  const ids = [
    contact.ico ? `${words.ico}: ${contact.ico}` : '',
    contact.dic ? `${words.dic}: ${contact.dic}` : '',
  ].filter(Boolean);
  const contacts = [
    contact.email ? `${words.email}: ${contact.email}` : '',
    contact.phone ? `${words.phone}: ${formatPhone(contact.phone)}` : '',
  ].filter(Boolean);
  return [
    supplier.name,
    [contact.fullAddress, place].filter(Boolean).join(', '),
    ids.join(', '),
    contacts.join(', '),
  ].filter(Boolean);
}

export function qrEmail(input: QrEmailInput): MailMessage {
  const { orderNumber: number, language, supplier, qr, to } = input;
  const words = qrEmailTexts[language];
  const money = (value: number) =>
    numberFormat(words.locale, { style: 'currency', currency: qr.currency }).format(value);
  const czk = qr.currency === 'CZK';
  const details: [string, string][] = [
    [words.labels.payee, supplier.name],
    ...(czk
      ? [[words.labels.account, `${supplier.bank_account}/${supplier.bank_code}`] as [string, string]]
      : []),
    [words.labels.iban, groupIban(qr.iban)],
    ...(qr.bic ? [[words.labels.bic, qr.bic] as [string, string]] : []),
    [words.labels.amount, money(qr.amount)],
    ...(czk ? [[words.labels.variableSymbol, qr.variable_symbol] as [string, string]] : []),
    [words.labels.message, qr.message],
  ];
  const rounding = qr.rounded ? words.rounded(money(qr.original_amount)) : '';
  const qrHint = words.qrHint[qr.currency];
  const file = `qr-platba-${number}.png`;
  const replyTo = replyToOf(input.contact?.email);
  const footer = footerLines(input);

  const text = [
    words.greeting,
    '',
    words.intro(number),
    '',
    ...details.map(([label, value]) => `${label}: ${value}`),
    ...(rounding ? ['', rounding] : []),
    '',
    qrHint,
    words.qrWhere(file),
    ...(replyTo ? ['', words.replyHint] : []),
    '',
    words.closing,
    ...footer,
  ].join('\n');

  const rows = details
    .map(
      ([label, value]) =>
        `<tr><td style="padding:2px 12px 2px 0">${escapeHtml(label)}</td><td><b>${escapeHtml(value)}</b></td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(words.subject(number))}</title></head><body style="font-family:Arial,sans-serif">
<p>${escapeHtml(words.greeting)}</p>
<p>${escapeHtml(words.intro(number))}</p>
<table>${rows}</table>
${rounding ? `<p>${escapeHtml(rounding)}</p>` : ''}
<p>${escapeHtml(qrHint)}</p>
<p><img src="cid:${qrCid}" width="350" height="350" alt="${escapeHtml(words.imageAlt(number))}"></p>
${replyTo ? `<p>${escapeHtml(words.replyHint)}</p>` : ''}
<p>${escapeHtml(words.closing)}</p>
<p style="color:#555;font-size:12px">${footer.map(escapeHtml).join('<br>')}</p>
</body></html>`;

  return {
    to,
    ...(replyTo ? { replyTo } : {}),
    language,
    subject: words.subject(number),
    text,
    html,
    attachments: [{ filename: file, content: qr.png, contentType: 'image/png', cid: qrCid }],
    tag: number,
  };
}
