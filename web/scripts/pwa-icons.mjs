// Draws the app's icons for the installable web app (domain.md §2.11) from the favicon's design (a
// tree's rings: a wood-brown disc, two pale rings), as PNG files in web/public/icons. Run once
// when the design changes (`node web/scripts/pwa-icons.mjs`); the files are committed.
import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';

const wood = [0xa0, 0x65, 0x2b];
const ring = [0xf3, 0xd9, 0xa4];
const out = path.join(import.meta.dirname, '..', 'public', 'icons');

/** The favicon's 32-unit drawing at `size` px; `maskable` fills the square (a safe zone of 80 %). */
function draw(size, maskable) {
  const png = new PNG({ width: size, height: size });
  const unit = size / 32;
  const scale = maskable ? 0.8 : 1;
  const samples = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const px = (x + (sx + 0.5) / samples) / unit - 16;
          const py = (y + (sy + 0.5) / samples) / unit - 16;
          const d = Math.hypot(px, py) / scale;
          let c = null;
          if (maskable || d <= 14) c = wood;
          if (d <= 14 && (Math.abs(d - 9) <= 1 || Math.abs(d - 4) <= 1)) c = ring;
          if (c) {
            r += c[0];
            g += c[1];
            b += c[2];
            a += 255;
          }
        }
      }
      const n = samples * samples;
      const i = (y * size + x) * 4;
      const covered = a / 255;
      png.data[i] = covered ? Math.round(r / covered) : 0;
      png.data[i + 1] = covered ? Math.round(g / covered) : 0;
      png.data[i + 2] = covered ? Math.round(b / covered) : 0;
      png.data[i + 3] = Math.round(a / n);
    }
  }
  return PNG.sync.write(png);
}

fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'icon-192.png'), draw(192, false));
fs.writeFileSync(path.join(out, 'icon-512.png'), draw(512, false));
fs.writeFileSync(path.join(out, 'maskable-512.png'), draw(512, true));
fs.writeFileSync(path.join(out, 'apple-touch-icon.png'), draw(180, true));
console.log('icons written to', out);
