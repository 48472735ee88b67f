import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { canEncodeSubset, encodeSubset, type Subset, type SubsetFont } from './font-subset.ts';

const require = createRequire(import.meta.url);
type Glyph = { id: number; advanceWidth: number; path: { toSVG(): string } };
type Font = SubsetFont & {
  numGlyphs: number;
  layout(text: string): { glyphs: Glyph[] };
  createSubset(): Subset & { encode(): Uint8Array };
};
const fontkit = require('fontkit') as { create(data: Uint8Array): Font };

/** Each glyph of a subset font: its outline and advance, in subset order. */
const glyphsOf = (bytes: Uint8Array) => {
  const font = fontkit.create(bytes);
  return Array.from({ length: font.numGlyphs }, (_, id) => {
    const glyph = font.getGlyph(id) as unknown as Glyph;
    return { path: glyph.path.toSVG(), advance: glyph.advanceWidth };
  });
};

describe('encodeSubset', () => {
  for (const file of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']) {
    it(`writes the glyphs fontkit's subset writes (${file})`, () => {
      const bytes = readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
      const font = fontkit.create(bytes);
      expect(canEncodeSubset(font)).toBe(true);
      // Czech and German letters (composite glyphs: Š, Ď, Á, ä), a ligature, digits, punctuation.
      const text = 'Dodací list Šťastný Ďábel Ärger Straße fl fi 1 234,56 Kč – „x“ · 25 %';
      const ours = font.createSubset();
      const theirs = font.createSubset();
      for (const glyph of font.layout(text).glyphs) {
        ours.includeGlyph(glyph.id);
        theirs.includeGlyph(glyph.id);
      }
      const before = Buffer.from(bytes);
      const written = encodeSubset(font, bytes, ours);
      // The font's own bytes are left as they were (fontkit reads its tables from them lazily).
      expect(bytes.equals(before)).toBe(true);
      const expected = theirs.encode();
      expect(ours.glyphs).toEqual(theirs.glyphs);
      expect(glyphsOf(written)).toEqual(glyphsOf(expected));
      // 4-byte aligned tables, so never much more than fontkit's.
      expect(written.length).toBeLessThan(expected.length + 64);
    });
  }
});
