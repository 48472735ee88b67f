export * from './auth.ts';
export * from './conversions.ts';
export * from './customers.ts';
export * from './files.ts';
export * from './products.ts';
export * from './stock.ts';
export * from './warehouses.ts';
