// The TrueType subset of a delivery note written by fontkit and by server/src/modules/documents/font-subset.ts
// (decision 0068), timed side by side on the glyphs of a note's text: `node --import tsx bench/font-subset.ts`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { encodeSubset } from '../server/src/modules/documents/font-subset.ts';

const require = createRequire(new URL('../server/src/modules/documents/pdf.ts', import.meta.url));
const fontkit = require('fontkit');
const text =
  'Dodací list 2026000276 Odběratel: Jan Novák, Lipová 12, 588 13 Polná IČO 12345678 DIČ CZ12345678 Buk štípaný 33 cm PRMS 3 × 1 210,00 Kč DPH 21 % Celkem 4 392,30 Kč Převzal podpis Doprava Ďábelské Žluťoučký kůň 0123456789';
for (const file of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']) {
  const bytes = readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
  const font = fontkit.create(bytes);
  const glyphs = font.layout(text).glyphs;
  const mk = () => {
    const s = font.createSubset();
    for (const g of glyphs) s.includeGlyph(g.id);
    return s;
  };
  for (let w = 0; w < 20; w++) {
    mk().encode();
    encodeSubset(font, bytes, mk());
  }
  const N = 300;
  const r: [number[], number[], number[]] = [[], [], []];
  for (let round = 0; round < 5; round++) {
    let ss = Array.from({ length: N }, mk);
    let t = performance.now();
    for (const s of ss) s.encode();
    r[0].push((performance.now() - t) / N);
    ss = Array.from({ length: N }, mk);
    t = performance.now();
    for (const s of ss) encodeSubset(font, bytes, s);
    r[1].push((performance.now() - t) / N);
    t = performance.now();
    ss = Array.from({ length: N }, mk);
    r[2].push((performance.now() - t) / N);
  }
  const med = (x: number[]) => (x.sort((p, q) => p - q)[2] ?? Number.NaN).toFixed(3);
  const a = med(r[0]),
    b = med(r[1]),
    c = med(r[2]);
  console.log(
    file,
    'glyphs',
    new Set(glyphs.map((g: { id: number }) => g.id)).size,
    'fontkit encode',
    a,
    'ms; own encode',
    b,
    'ms; making the subset',
    c,
    'ms',
  );
}
