import { describe, expect, it } from 'vitest';
import { foldedIncludes, foldText } from './text.ts';

describe('foldText', () => {
  it('drops Czech, Slovak and German accents and letter case', () => {
    expect(foldText('Novák Žižkov ŘEŘICHA ůúěščďťňĺľŕô')).toBe('novak zizkov rericha uuescdtnllro');
    expect(foldText('Straße Łódź')).toBe('strasse lodz');
  });
  it('finds with or without accents, either way round', () => {
    expect(foldedIncludes('Jana Nováková', 'novak')).toBe(true);
    expect(foldedIncludes('Praha 3 - Žižkov', ' ZIZKOV ')).toBe(true);
    expect(foldedIncludes('Novak', 'Novák')).toBe(true);
    expect(foldedIncludes('Novotný', 'novak')).toBe(false);
  });
});
