import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { LRUCache } from 'lru-cache';
import PDFDocument from 'pdfkit';
import { canEncodeSubset, encodeSubset, type Subset, type SubsetFont } from './font-subset.ts';

/**
 * PDF documents with DejaVu Sans embedded (subset), so that Czech (ěščřžýáíéůú) and German (äöüß)
 * letters survive; pdfkit's built-in fonts know only Latin-1.
 */

export type Pdf = PDFKit.PDFDocument;

const require = createRequire(import.meta.url);
/** pdfkit's own fontkit (the same instance pdfkit requires), for fonts parsed once per process. */
const fontkit = require('fontkit') as { create(data: Uint8Array): FontkitFont };
type Glyph = { codePoints: number[]; _decode(): unknown };
const decoded = new WeakSet<Glyph>();
/** A run of glyphs as pdfkit's `EmbeddedFont.layoutRun` answers it: positions scaled to 1000/em. */
type GlyphRun = { positions: unknown[]; advanceWidth: number };
type FontkitFont = {
  getGlyph(id: number, codePoints?: number[]): Glyph | null;
  createSubset(): Subset & { encode(): Uint8Array };
};

/**
 * The two faces, parsed once and shared by every document: pdfkit takes a fontkit font as well as
 * the file's bytes, and each document still embeds its own subset. Parsing DejaVu (and its
 * shaping tables on the first line of text) per document was most of a delivery note's time
 * (bench/results/2026-11-29-comment-figures.md).
 */
let fonts: { regular: Buffer; bold: Buffer } | undefined;

/**
 * Decision 0041: fontkit keeps one glyph object per glyph id with the code points of its first request,
 * and pdfkit's ToUnicode map (what pdftotext reads) takes them from there. The subsetter asks for
 * the parts of composite glyphs without code points (S for Š, D for Ď, A for Á), so once a shared
 * font had drawn "Š", every later document lost its plain "S" from the text. A glyph asked for
 * with its code points gets them when it has none yet; code points it has are kept (a ligature
 * keeps "fl", not U+FB02).
 */
function face(file: string): Buffer {
  const bytes = readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
  const font = fontkit.create(bytes);
  shapedRuns.set(font, new LRUCache<string, GlyphRun>({ max: 20_000 }));
  const cached = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints = []) => {
    const glyph = cached(id, codePoints);
    if (glyph && codePoints.length && !glyph.codePoints.length) glyph.codePoints = codePoints;
    // Decision 0057: the subsetter of every document decodes each glyph it embeds again; the outline
    // read from the file is the same each time, and nobody writes to it (decoded once per glyph).
    if (glyph && !decoded.has(glyph)) {
      const decode = glyph._decode.bind(glyph);
      let outline: unknown;
      glyph._decode = () => (outline ??= decode());
      decoded.add(glyph);
    }
    return glyph;
  };
  // Decision 0068: each document's subset written from the file's bytes, not through restructure.
  if (canEncodeSubset(font as unknown as SubsetFont)) {
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () => {
      const subset = createSubset();
      subset.encode = () => encodeSubset(font as unknown as SubsetFont, bytes, subset);
      return subset;
    };
  }
  // pdfkit ≥ 0.17 accepts a fontkit font where its types say font bytes.
  return font as unknown as Buffer;
}
const dejaVu = () => (fonts ??= { regular: face('DejaVuSans.ttf'), bold: face('DejaVuSans-Bold.ttf') });

/**
 * Decision 0057: the shaping of a word (fontkit's layout: OpenType substitutions and positions, then
 * pdfkit's scaling of them to 1000 units an em) is the same in every document, but pdfkit keeps
 * it per document only. Kept here for all documents, per face and text (the words of the labels,
 * the supplier, the products recur in every note): pdfkit only reads a run once it has scaled it
 * (where it changes a position, with word spacing, it copies it first). Set on pdfkit's embedded
 * font class, found on the first document's font; fonts other than ours are left alone.
 */
type EmbeddedFont = { font: object; layoutRun(text: string, features?: unknown): GlyphRun };
const shapedRuns = new WeakMap<object, LRUCache<string, GlyphRun>>();
let sharedRuns = false;
function shareRuns(font: EmbeddedFont): void {
  if (sharedRuns) return;
  const proto = Object.getPrototypeOf(font) as EmbeddedFont;
  const layoutRun = proto.layoutRun;
  proto.layoutRun = function (this: EmbeddedFont, text, features) {
    const runs = features ? undefined : shapedRuns.get(this.font);
    if (!runs) return layoutRun.call(this, text, features);
    let run = runs.get(text);
    if (!run) {
      run = layoutRun.call(this, text);
      // fontkit's run sums its positions on each read of advanceWidth: once is enough.
      Object.defineProperty(run, 'advanceWidth', { value: run.advanceWidth });
      runs.set(text, run);
    }
    return run;
  };
  sharedRuns = true;
}

export type PdfOptions = {
  title: string;
  layout?: 'portrait' | 'landscape';
  margin?: number;
  /** Keep pages open, to write "page n of m" at the end. */
  bufferPages?: boolean;
};

/** An A4 document with the fonts `regular` and `bold`, and the promise of its bytes once ended. */
export function newPdf(options: PdfOptions): { doc: Pdf; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    layout: options.layout ?? 'portrait',
    margin: options.margin ?? 40,
    bufferPages: options.bufferPages ?? false,
    info: { Title: options.title, Author: 'Letokruh', Creator: 'Letokruh', Producer: 'Letokruh' },
    lang: 'cs',
    // No Helvetica to start with: pdfkit would read and parse its AFM file for every document
    // (bench/results/2026-11-29-comment-figures.md) only for the next line to replace it.
    font: null as unknown as string,
  });
  const { regular, bold } = dejaVu();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  doc.font('regular');
  shareRuns((doc as unknown as { _font: EmbeddedFont })._font);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/** The lowest y the content may reach on the current page. */
export const pageBottom = (doc: Pdf) => doc.page.height - doc.page.margins.bottom;
export const contentWidth = (doc: Pdf) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

/** Starts a new page when fewer than `height` points are left on this one. */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > pageBottom(doc)) doc.addPage();
}

/**
 * Writes a footer line into the bottom margin of buffered page `index` (bufferPages): `left` on
 * the left, `right` (the "page n of m") on the right, without starting a new page.
 */
export function writeFooter(doc: Pdf, index: number, left: string, right: string): void {
  doc.switchToPage(index);
  const bottom = doc.page.margins.bottom;
  const x = doc.page.margins.left;
  const width = contentWidth(doc);
  const y = doc.page.height - bottom + 12;
  doc.page.margins.bottom = 0;
  doc
    .lineWidth(0.5)
    .strokeColor('#adb5bd')
    .moveTo(x, y - 4)
    .lineTo(x + width, y - 4)
    .stroke();
  doc.font('regular').fontSize(7.5).fillColor('#495057');
  doc.text(left, x, y, { width: width * 0.7, lineBreak: false });
  doc.text(right, x + width * 0.7, y, { width: width * 0.3, align: 'right', lineBreak: false });
  doc.fillColor('black');
  doc.page.margins.bottom = bottom;
}
