/**
 * Decision 0068: the TrueType subset a PDF embeds, written without restructure. fontkit's
 * `TTFSubset.encode` re-encodes every table through restructure's generic structs, number by number
 * (the hinting programs and control values too, the same in every document): a tenth of a delivery
 * note's time (bench/results/2026-11-29-comment-figures.md). This writes the same tables
 * as fontkit does (head, hhea, loca, maxp, cvt, prep, glyf, hmtx, fpgm; the glyphs' bytes as they
 * are in the file, composite glyphs' parts renumbered) from the font file's own bytes, patching
 * only the counts that change. Unlike fontkit's, its tables are 4-byte aligned and checksummed, as
 * the OpenType spec asks.
 */

/** The parts of a fontkit TrueType font and glyph the subset reads. */
export type SubsetFont = {
  directory: { tables: Record<string, { offset: number; length: number } | undefined> };
  loca: { version: number; offsets: number[] };
  _variationProcessor?: unknown;
  getGlyph(id: number): {
    advanceWidth: number;
    _getMetrics(): { leftBearing: number };
    _decode(): { numberOfContours: number; components?: { glyphID: number; pos: number }[] } | null;
  } | null;
};

/** fontkit's subset: its glyph ids in subset order; `includeGlyph` adds one, answers its new id. */
export type Subset = { glyphs: number[]; includeGlyph(id: number): number };

const order = ['head', 'hhea', 'loca', 'maxp', 'cvt ', 'prep', 'glyf', 'hmtx', 'fpgm'] as const;

/** Whether `encodeSubset` can write this font's subsets (TrueType outlines, no variations). */
export const canEncodeSubset = (font: SubsetFont) =>
  !font._variationProcessor &&
  ['head', 'hhea', 'maxp', 'glyf', 'loca', 'hmtx'].every((t) => font.directory.tables[t]);

export function encodeSubset(font: SubsetFont, fontFile: Uint8Array, subset: Subset): Uint8Array {
  // A plain view: a Buffer's slice() is a view too, and the patches below must not reach the file.
  const file = new Uint8Array(fontFile.buffer, fontFile.byteOffset, fontFile.byteLength);
  const table = (tag: string) => {
    const entry = font.directory.tables[tag];
    return entry ? file.subarray(entry.offset, entry.offset + entry.length) : undefined;
  };
  const glyfAt = font.directory.tables.glyf!.offset;
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  const metrics: [number, number][] = [];
  let length = 0;
  // Composite glyphs add their parts to the subset while it is walked (as fontkit's encode does).
  for (let i = 0; i < subset.glyphs.length; i++) {
    const id = subset.glyphs[i]!;
    const glyph = font.getGlyph(id)!;
    const outline = glyph._decode();
    let bytes = file.subarray(glyfAt + font.loca.offsets[id]!, glyfAt + font.loca.offsets[id + 1]!);
    if (outline && outline.numberOfContours < 0) {
      bytes = bytes.slice();
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      for (const part of outline.components ?? [])
        view.setUint16(part.pos, subset.includeGlyph(part.glyphID));
    }
    offsets.push(length);
    parts.push(bytes);
    metrics.push([glyph.advanceWidth, glyph._getMetrics().leftBearing]);
    length += bytes.length;
  }
  offsets.push(length);

  const glyf = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    glyf.set(part, at);
    at += part.length;
  }
  const short = font.loca.version === 0;
  const loca = new Uint8Array(offsets.length * (short ? 2 : 4));
  const locaView = new DataView(loca.buffer);
  offsets.forEach((offset, i) => {
    if (short) locaView.setUint16(i * 2, offset >>> 1);
    else locaView.setUint32(i * 4, offset);
  });
  const hmtx = new Uint8Array(metrics.length * 4);
  const hmtxView = new DataView(hmtx.buffer);
  metrics.forEach(([advance, bearing], i) => {
    hmtxView.setUint16(i * 4, advance);
    hmtxView.setInt16(i * 4 + 2, bearing);
  });
  const patched = (tag: string, at: number, value: number) => {
    const bytes = table(tag)!.slice();
    new DataView(bytes.buffer).setUint16(at, value);
    return bytes;
  };
  const head = table('head')!.slice();
  // Written again by the whole font's checksum below.
  new DataView(head.buffer).setUint32(8, 0);
  const tables: Record<(typeof order)[number], Uint8Array | undefined> = {
    head,
    hhea: patched('hhea', 34, metrics.length), // numberOfHMetrics
    loca,
    maxp: patched('maxp', 4, subset.glyphs.length), // numGlyphs
    'cvt ': table('cvt '),
    prep: table('prep'),
    glyf,
    hmtx,
    fpgm: table('fpgm'),
  };
  const present = order.filter((tag) => tables[tag]);
  const pad = (n: number) => (n + 3) & ~3;
  const headerLength = 12 + 16 * present.length;
  const out = new Uint8Array(headerLength + present.reduce((sum, tag) => sum + pad(tables[tag]!.length), 0));
  const view = new DataView(out.buffer);
  const power = 2 ** Math.floor(Math.log2(present.length));
  view.setUint32(0, 0x00010000);
  view.setUint16(4, present.length);
  view.setUint16(6, power * 16);
  view.setUint16(8, Math.log2(power));
  view.setUint16(10, present.length * 16 - power * 16);
  let offset = headerLength;
  let headAt = 0;
  // The directory sorted by tag (the spec's order); the tables in fontkit's order.
  const entries: { tag: string; offset: number; length: number; sum: number }[] = [];
  for (const tag of present) {
    const bytes = tables[tag]!;
    out.set(bytes, offset);
    if (tag === 'head') headAt = offset;
    entries.push({ tag, offset, length: bytes.length, sum: checksum(out, offset, bytes.length) });
    offset += pad(bytes.length);
  }
  entries.sort((a, b) => (a.tag < b.tag ? -1 : 1));
  entries.forEach((entry, i) => {
    const at = 12 + i * 16;
    for (let c = 0; c < 4; c++) view.setUint8(at + c, entry.tag.charCodeAt(c));
    view.setUint32(at + 4, entry.sum);
    view.setUint32(at + 8, entry.offset);
    view.setUint32(at + 12, entry.length);
  });
  view.setUint32(headAt + 8, (0xb1b0afba - checksum(out, 0, out.length)) >>> 0);
  return out;
}

/** The OpenType table checksum: the sum of big-endian 32-bit words, zero-padded. */
function checksum(bytes: Uint8Array, from: number, length: number): number {
  let sum = 0;
  const end = from + length;
  for (let i = from; i < end; i += 4)
    sum =
      (sum +
        (((bytes[i]! << 24) |
          ((bytes[i + 1] ?? 0) << 16) |
          ((bytes[i + 2] ?? 0) << 8) |
          (bytes[i + 3] ?? 0)) >>>
          0)) >>>
      0;
  return sum;
}
