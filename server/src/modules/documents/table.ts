import { ensureSpace, type Pdf, pageBottom } from './pdf.ts';

/** A table drawn row by row: rows never split across pages, the header repeats on each page. */

export type Column = { header: string; width: number; align?: 'left' | 'right' | 'center' };
export type Row = { cells: string[]; bold?: boolean };

export type TableOptions = { fontSize: number; padding?: number; headerFill?: string };

export function drawTable(doc: Pdf, columns: Column[], rows: Row[], options: TableOptions): void {
  const pad = options.padding ?? 3;
  const left = doc.page.margins.left;
  const width = columns.reduce((sum, c) => sum + c.width, 0);

  const heightOf = (cells: string[], font: string) => {
    doc.font(font).fontSize(options.fontSize);
    return (
      Math.max(...columns.map((c, i) => doc.heightOfString(cells[i] || ' ', { width: c.width - 2 * pad }))) +
      2 * pad
    );
  };

  const drawCells = (cells: string[], font: string, y: number) => {
    doc.font(font).fontSize(options.fontSize).fillColor('black');
    let x = left;
    columns.forEach((c, i) => {
      doc.text(cells[i] ?? '', x + pad, y + pad, { width: c.width - 2 * pad, align: c.align ?? 'left' });
      x += c.width;
    });
  };

  const drawHeader = () => {
    const headers = columns.map((c) => c.header);
    const h = heightOf(headers, 'bold');
    ensureSpace(doc, h * 2);
    const y = doc.y;
    doc.rect(left, y, width, h).fill(options.headerFill ?? '#e9ecef');
    drawCells(headers, 'bold', y);
    doc.y = y + h;
  };

  drawHeader();
  for (const row of rows) {
    const font = row.bold ? 'bold' : 'regular';
    const h = heightOf(row.cells, font);
    if (doc.y + h > pageBottom(doc)) {
      doc.addPage();
      drawHeader();
    }
    const y = doc.y;
    drawCells(row.cells, font, y);
    doc
      .moveTo(left, y + h)
      .lineTo(left + width, y + h)
      .lineWidth(0.5)
      .strokeColor('#adb5bd')
      .stroke();
    doc.y = y + h;
  }
  doc.x = left;
  doc.font('regular');
}
