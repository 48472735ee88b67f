import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * PDF documents with DejaVu Sans embedded (subset), so that Czech (ěščřžýáíéůú) and German (äöüß)
 * letters survive; pdfkit's built-in fonts know only Latin-1.
 */

export type Pdf = PDFKit.PDFDocument;

const require = createRequire(import.meta.url);
/** pdfkit's own fontkit (the same instance pdfkit requires), for fonts parsed once per process. */
const fontkit = require('fontkit') as { create(data: Uint8Array): object };

/**
 * The two faces, parsed once and shared by every document: pdfkit takes a fontkit font as well as
 * the file's bytes, and each document still embeds its own subset. Parsing DejaVu (and its
 * shaping tables on the first line of text) per document cost ≈ 25 ms of a 35 ms delivery note.
 */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const face = (file: string) =>
  // pdfkit ≥ 0.17 accepts a fontkit font where its types say font bytes.
  fontkit.create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`))) as Buffer;
const dejaVu = () => (fonts ??= { regular: face('DejaVuSans.ttf'), bold: face('DejaVuSans-Bold.ttf') });

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
  });
  const { regular, bold } = dejaVu();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  doc.font('regular');
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
