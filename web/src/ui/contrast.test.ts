import { describe, expect, it } from 'vitest';
import { contrastRatio, darkenToContrast, readableTextOn } from './contrast';

describe('contrast', () => {
  it('measures as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it('keeps a stored text colour that reads and replaces one that does not', () => {
    expect(readableTextOn('#1971c2', '#ffffff')).toBe('#ffffff');
    // The Třebíč car #d9480f under white reads at 4.29:1 only: black reads better.
    expect(readableTextOn('#d9480f', '#ffffff')).toBe('#000000');
    expect(readableTextOn('#ffa94d')).toBe('#000000');
    expect(readableTextOn('#1864ab', null)).toBe('#ffffff');
    expect(readableTextOn('#1971c2', '#fff')).toBe('#fff');
  });

  it('darkens a colour until it reads on every background', () => {
    const green = darkenToContrast('#40c057', 4.6, ['#ffffff', '#f8f9fa']);
    expect(contrastRatio(green, '#f8f9fa')).toBeGreaterThanOrEqual(4.6);
    expect(contrastRatio(green, '#f8f9fa')).toBeLessThan(5.2);
    expect(darkenToContrast('#212529', 4.6, ['#ffffff'])).toBe('#212529');
  });
});
