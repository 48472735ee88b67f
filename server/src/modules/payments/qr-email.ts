import type { Order } from '@letokruh/contracts/orders';
import type { QrPayment } from '@letokruh/contracts/payments';
import { groupIban } from '@letokruh/contracts/rules/bank-account';
import { formatMoney } from '@letokruh/contracts/rules/format';
import type { MailMessage } from '../../mail/mailer.ts';
import type { PaymentSupplier } from './payments.service.ts';

/** The Czech e-mail with an order's payment details and its QR (part 1 §2 e-mail QR modal). */

const qrCid = 'qr-platba@letokruh';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function qrEmail(
  order: Pick<Order, 'intern_id'>,
  supplier: PaymentSupplier,
  qr: QrPayment & { png: Buffer },
  to: string,
): MailMessage {
  const number = String(order.intern_id);
  const money = (value: number) => formatMoney(value, qr.currency, 'cs');
  const details: [string, string][] = [
    ['Příjemce', supplier.name],
    ['Číslo účtu', `${supplier.bank_account}/${supplier.bank_code}`],
    ['IBAN', groupIban(qr.iban)],
    ['Částka', money(qr.amount)],
    qr.currency === 'CZK'
      ? ['Variabilní symbol', qr.variable_symbol]
      : ['Zpráva pro příjemce', `Objednávka ${number}`],
  ];
  const rounding = qr.rounded
    ? `Částka je zaokrouhlena na celé koruny (cena objednávky s DPH je ${money(qr.original_amount)}).`
    : '';
  const qrHint =
    qr.currency === 'CZK'
      ? 'Nejrychleji zaplatíte načtením QR kódu v aplikaci své banky.'
      : 'QR kód pro platbu v eurech (SEPA) načtete v aplikaci své banky.';

  const text = [
    'Dobrý den,',
    '',
    `děkujeme za Vaši objednávku č. ${number}. Zaplatit ji můžete převodem:`,
    '',
    ...details.map(([label, value]) => `${label}: ${value}`),
    ...(rounding ? ['', rounding] : []),
    '',
    `${qrHint} QR kód je v příloze tohoto e-mailu.`,
    '',
    'S pozdravem',
    supplier.name,
  ].join('\n');

  const rows = details
    .map(
      ([label, value]) =>
        `<tr><td style="padding:2px 12px 2px 0">${escapeHtml(label)}</td><td><b>${escapeHtml(value)}</b></td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="cs"><body style="font-family:Arial,sans-serif">
<p>Dobrý den,</p>
<p>děkujeme za Vaši objednávku č. ${number}. Zaplatit ji můžete převodem:</p>
<table>${rows}</table>
${rounding ? `<p>${escapeHtml(rounding)}</p>` : ''}
<p>${escapeHtml(qrHint)}</p>
<p><img src="cid:${qrCid}" width="350" height="350" alt="QR platba objednávky ${number}"></p>
<p>S pozdravem<br>${escapeHtml(supplier.name)}</p>
</body></html>`;

  return {
    to,
    subject: `Platba objednávky č. ${number}`,
    text,
    html,
    attachments: [
      { filename: `qr-platba-${number}.png`, content: qr.png, contentType: 'image/png', cid: qrCid },
    ],
    tag: number,
  };
}
