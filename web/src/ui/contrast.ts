/**
 * WCAG 2.1 contrast (decision 0032: text at the counter must read at 4.5:1). Colours are `#rrggbb`;
 * `#rgb` too; anything else counts as black, which only makes a check stricter.
 */
function channels(hex: string): [number, number, number] {
  const short = /^#?([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(hex);
  const m = short
    ? [hex, ...short.slice(1).map((c) => c + c)]
    : /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return [0, 0, 0];
  return m.slice(1).map((h) => Number.parseInt(h, 16)) as [number, number, number];
}

/** Relative luminance of 0–255 channels. */
function luminanceOf(rgb: readonly number[]): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const luminance = (hex: string): number => luminanceOf(channels(hex));

const ratioOf = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

export function contrastRatio(a: string, b: string): number {
  return ratioOf(luminance(a), luminance(b));
}

/** WCAG AA for body text. */
export const minTextContrast = 4.5;

/**
 * The text colour for a coloured block: the stored one while it reads (≥ 4.5:1), else white or
 * black, whichever reads better. Warehouse and car colours are data the users pick.
 */
export function readableTextOn(background: string, preferred?: string | null): string {
  if (preferred && contrastRatio(background, preferred) >= minTextContrast) return preferred;
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, '#000000') ? '#ffffff' : '#000000';
}

const hex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/**
 * The colour darkened in small steps until it reads at `ratio` on every one of `backgrounds`.
 * Counted on the channels, not on the colour's text: the app's palette is made this way as its
 * code loads, on a phone's main thread.
 */
export function darkenToContrast(colour: string, ratio: number, backgrounds: string[]): string {
  const grounds = backgrounds.map(luminance);
  let rgb = channels(colour);
  for (let step = 0; step < 100; step++) {
    const shown = luminanceOf(rgb.map(Math.round));
    if (grounds.every((ground) => ratioOf(shown, ground) >= ratio)) break;
    rgb = rgb.map((c) => c * 0.97) as [number, number, number];
  }
  return hex(rgb);
}
