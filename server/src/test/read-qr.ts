import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

/**
 * Tests only: reads a QR image back with ZXing-C++ (zxing-wasm, the decoder behind many phone
 * scanners), so that a test sees what a bank app sees: the raw bytes of the symbol, their text,
 * the symbol version and whether an ECI header was present. The WebAssembly comes from
 * node_modules, never from a CDN.
 */

const require = createRequire(import.meta.url);
let prepared = false;

export type ReadQr = { text: string; bytes: Buffer; version: number; ecLevel: string; hasEci: boolean };

export async function readQr(png: Buffer | Uint8Array): Promise<ReadQr> {
  if (!prepared) {
    prepareZXingModule({
      overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')) },
    });
    prepared = true;
  }
  const results = await readBarcodes(new Uint8Array(png), { formats: ['QRCode'], tryHarder: true });
  if (results.length !== 1 || !results[0]?.isValid) {
    throw new Error(`expected one readable QR code, got ${results.length}: ${results[0]?.error ?? ''}`);
  }
  const r = results[0];
  return {
    text: r.text,
    bytes: Buffer.from(r.bytes),
    version: Number(r.version),
    ecLevel: r.ecLevel,
    hasEci: r.hasECI,
  };
}
