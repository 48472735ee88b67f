import { qrImageSize } from '@letokruh/contracts/payments';
import QRCode from 'qrcode';

/**
 * The PNG of a payment QR (domain.md §1.9: 350 px; QR Platba and EPC069-12: error correction M). The
 * payload goes in as one byte-mode segment of its UTF-8 bytes: the EPC code declares character set
 * 1 (UTF-8) in its third line, and a bank app reads the bytes as that, so "Palivové dřevo
 * Vysočina s.r.o." arrives as written. No mixed numeric/alphanumeric segments (which some payment
 * readers take badly) and no ECI header: EPC069-12 does not use one, and the 12 bits it costs would
 * push a 331-byte payload past version 13, the largest the EPC allows.
 */
export function qrPng(payload: string): Promise<Buffer> {
  return QRCode.toBuffer([{ data: Buffer.from(payload, 'utf8'), mode: 'byte' }], {
    type: 'png',
    errorCorrectionLevel: 'M',
    width: qrImageSize,
  });
}
