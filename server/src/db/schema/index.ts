export * from './auth.ts';
export * from './products.ts';
export * from './stock.ts';
export * from './warehouses.ts';
