import { buildEpcPayload, buildSpayd, epcPayloadMaxBytes } from '@letokruh/contracts/rules/spayd';
import { describe, expect, it } from 'vitest';
import { pngSize } from '../../test/payments.ts';
import { readQr } from '../../test/read-qr.ts';
import { qrPng } from './qr-image.ts';

const iban = 'CZ7608000000351154780008';

describe('payment QR images read back with a real decoder (ZXing-C++)', () => {
  it('an EPC code keeps the supplier name with its diacritics, byte for byte in UTF-8', async () => {
    const payload = buildEpcPayload({
      iban,
      bic: 'GIBACZPX',
      name: 'Palivové dřevo Vysočina s.r.o.',
      amount: 37.05,
      text: 'Objednávka 2026000042',
    });
    const png = await qrPng(payload);
    expect(pngSize(png)).toEqual({ width: 350, height: 350 });
    const read = await readQr(png);
    expect(read.bytes.equals(Buffer.from(payload, 'utf8'))).toBe(true);
    expect(read.text).toBe(payload);
    expect(read.text.split('\n')[5]).toBe('Palivové dřevo Vysočina s.r.o.');
    expect(read.text.split('\n')[2]).toBe('1');
    expect(read.ecLevel).toBe('M');
    expect(read.hasEci).toBe(false);
  });

  it('the largest EPC payload (331 bytes) still fits the version 13 the EPC allows', async () => {
    const payload = buildEpcPayload({
      iban,
      bic: 'GIBACZPX',
      name: 'Ř'.repeat(70),
      amount: 999_999_999.99,
      text: 'Dřevo č. '.repeat(20),
    });
    expect(Buffer.byteLength(payload, 'utf8')).toBe(epcPayloadMaxBytes);
    const read = await readQr(await qrPng(payload));
    expect(read.text).toBe(payload);
    expect(read.version).toBeLessThanOrEqual(13);
  });

  it('a SPAYD code reads back as the exact string', async () => {
    const payload = buildSpayd({
      iban,
      amount: 1235,
      variableSymbol: 2026000042,
      message: 'Objednávka 2026000042',
    });
    const read = await readQr(await qrPng(payload));
    expect(read.text).toBe(
      'SPD*1.0*ACC:CZ7608000000351154780008*AM:1235.00*CC:CZK*X-VS:2026000042*MSG:Objednavka 2026000042',
    );
    expect(read.ecLevel).toBe('M');
  });
});
