/** Converted to the endpoint table in issue 18: see customers.ts for the form. */
export const healthEndpoints = {};
