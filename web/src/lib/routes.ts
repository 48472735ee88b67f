import table from 'virtual:api-routes';
import type { RoutesOf } from '@letokruh/contracts/endpoint';
import type { endpoints } from '@letokruh/contracts/endpoints/index';

/**
 * The API's calls by area, as the web app calls them (decision 0096): each area's routes under the
 * name of its endpoint table in contracts, typed by that table, built from it without its schemas
 * (web/api-routes.ts). `call(customersEndpoints.detail, { params: { id } })`.
 */
const routes = table as RoutesOf<typeof endpoints>;

export const auditEndpoints = routes.audit;
export const authEndpoints = routes.auth;
export const bankEndpoints = routes.bank;
export const calculationsEndpoints = routes.calculations;
export const calendarFeedsEndpoints = routes['calendar-feeds'];
export const conversionsEndpoints = routes.conversions;
export const customersEndpoints = routes.customers;
export const documentsEndpoints = routes.documents;
export const driverEndpoints = routes.driver;
export const eventsEndpoints = routes.events;
export const healthEndpoints = routes.health;
export const mapsEndpoints = routes.maps;
export const orderFilesEndpoints = routes['order-files'];
export const orderStepsEndpoints = routes['order-steps'];
export const ordersEndpoints = routes.orders;
export const paymentsEndpoints = routes.payments;
export const productsEndpoints = routes.products;
export const referenceEndpoints = routes.reference;
export const spreadsheetsEndpoints = routes.spreadsheets;
export const statsEndpoints = routes.stats;
export const stockEndpoints = routes.stock;
export const transportationsEndpoints = routes.transportations;
export const usersEndpoints = routes.users;
export const vacationsEndpoints = routes.vacations;
export const warehousesEndpoints = routes.warehouses;
