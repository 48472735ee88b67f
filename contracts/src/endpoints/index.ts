import { auditEndpoints } from './audit.ts';
import { authEndpoints } from './auth.ts';
import { bankEndpoints } from './bank.ts';
import { calculationsEndpoints } from './calculations.ts';
import { calendarFeedsEndpoints } from './calendar-feeds.ts';
import { conversionsEndpoints } from './conversions.ts';
import { customersEndpoints } from './customers.ts';
import { documentsEndpoints } from './documents.ts';
import { driverEndpoints } from './driver.ts';
import { eventsEndpoints } from './events.ts';
import { healthEndpoints } from './health.ts';
import { mapsEndpoints } from './maps.ts';
import { orderFilesEndpoints } from './order-files.ts';
import { orderStepsEndpoints } from './order-steps.ts';
import { ordersEndpoints } from './orders.ts';
import { paymentsEndpoints } from './payments.ts';
import { productsEndpoints } from './products.ts';
import { referenceEndpoints } from './reference.ts';
import { spreadsheetsEndpoints } from './spreadsheets.ts';
import { statsEndpoints } from './stats.ts';
import { stockEndpoints } from './stock.ts';
import { transportationsEndpoints } from './transportations.ts';
import { usersEndpoints } from './users.ts';
import { vacationsEndpoints } from './vacations.ts';
import { warehousesEndpoints } from './warehouses.ts';

/**
 * Every call of the API by area (decision 0059). The server's routes are checked against it
 * (server/src/hardening/route-access.test.ts); the web app imports an area's table, not this one,
 * so that a page loads only its own area's schemas.
 */
export const endpoints = {
  audit: auditEndpoints,
  auth: authEndpoints,
  bank: bankEndpoints,
  calculations: calculationsEndpoints,
  'calendar-feeds': calendarFeedsEndpoints,
  conversions: conversionsEndpoints,
  customers: customersEndpoints,
  documents: documentsEndpoints,
  driver: driverEndpoints,
  events: eventsEndpoints,
  health: healthEndpoints,
  maps: mapsEndpoints,
  'order-files': orderFilesEndpoints,
  'order-steps': orderStepsEndpoints,
  orders: ordersEndpoints,
  payments: paymentsEndpoints,
  products: productsEndpoints,
  reference: referenceEndpoints,
  spreadsheets: spreadsheetsEndpoints,
  stats: statsEndpoints,
  stock: stockEndpoints,
  transportations: transportationsEndpoints,
  users: usersEndpoints,
  vacations: vacationsEndpoints,
  warehouses: warehousesEndpoints,
};
