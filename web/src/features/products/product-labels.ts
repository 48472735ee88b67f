import type { ProductType } from '@letokruh/contracts/products';

/** Translation keys of domain.md's Czech type names (domain.md §2.3), which are the values on the wire. */
export const productTypeKey: Record<ProductType, string> = {
  Měkké: 'products.types.soft',
  Tvrdé: 'products.types.hard',
  'Doplňkový prodej': 'products.types.additional',
};
