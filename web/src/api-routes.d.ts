/** The module web/api-routes.ts writes when the app is built: the API's routes (decision 0096). */
declare module 'virtual:api-routes' {
  const table: unknown;
  export default table;
}
