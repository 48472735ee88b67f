import { describe, expect, it } from 'vitest';
import { dropDoubledWords, i18n } from './index';

describe('notices never double a word', () => {
  it('drops the name’s first word when the text already says it', () => {
    expect(dropDoubledWords('Sklad Sklad Jihlava byl uložen.')).toBe('Sklad Jihlava byl uložen.');
    expect(dropDoubledWords('Opravdu sklad Sklad Třebíč dále nepoužívat?')).toBe(
      'Opravdu sklad Třebíč dále nepoužívat?',
    );
    expect(dropDoubledWords('Produkt produkt')).toBe('Produkt');
    // Words that merely start alike stay.
    expect(dropDoubledWords('Sklad Skladiště Jih')).toBe('Sklad Skladiště Jih');
    expect(dropDoubledWords('Řidič Řidičův')).toBe('Řidič Řidičův');
  });

  it('applies to every translated text, in both languages', async () => {
    await i18n.changeLanguage('cs');
    expect(i18n.t('warehouses.saved', { name: 'Sklad Jihlava' })).toBe('Sklad Jihlava byl uložen.');
    await i18n.changeLanguage('en');
    expect(i18n.t('warehouses.saved', { name: 'Warehouse Jihlava' })).not.toMatch(/Warehouse Warehouse/);
    await i18n.changeLanguage('cs');
  });
});
