import type { FunctionName } from '@letokruh/contracts/permissions';
import type { UserVacation, WarehouseVacation } from '@letokruh/contracts/vacations';
import { type MockRoutes, makeProfile } from '../../test-utils';

/** Answers shaped as the server's tests show them (server/src/modules/vacations). */
const jihlava = { id: 1, name: 'Sklad Jihlava', color: '#2f9e44', text_color: '#000000' };
const trebic = { id: 3, name: 'Sklad Třebíč', color: '#e8590c', text_color: '#000000' };

export const inventory: WarehouseVacation = {
  id: 41,
  warehouse: trebic,
  vacation_from: '2030-03-13',
  vacation_to: '2030-03-14',
  from_time: null,
  to_time: null,
  active: true,
  version: 1,
};

export const afternoon: WarehouseVacation = {
  id: 42,
  warehouse: jihlava,
  vacation_from: '2030-03-08',
  vacation_to: '2030-03-08',
  from_time: '12:00',
  to_time: '18:00',
  active: true,
  version: 3,
};

const driver2 = {
  id: 12,
  username: 'driver2',
  first_name: 'Martin',
  last_name: 'Kučera',
  name: 'Martin Kučera',
};
const driver3 = {
  id: 13,
  username: 'driver3',
  first_name: 'Lukáš',
  last_name: 'Veselý',
  name: 'Lukáš Veselý',
};

export const summer: UserVacation = {
  id: 51,
  user: driver2,
  vacation_from: '2030-07-01',
  vacation_to: '2030-07-12',
  active: true,
  version: 2,
};

export const longWeekend: UserVacation = {
  id: 52,
  user: driver3,
  vacation_from: '2020-05-01',
  vacation_to: '2020-05-03',
  active: true,
  version: 1,
};

/** The signed-in user and the lists every vacation page may load. */
export function vacationRoutes(functions: FunctionName[], extra: MockRoutes = {}): MockRoutes {
  return {
    'GET /api/auth/user': { body: { user: makeProfile(functions) } },
    'GET /api/warehouses/own': { body: { items: [jihlava, trebic] } },
    'GET /api/drivers': { body: { items: [driver2, driver3] } },
    'GET /api/warehouse_vacations': { body: { items: [afternoon, inventory], total: 2 } },
    'GET /api/user_vacations': { body: { items: [summer, longWeekend], total: 2 } },
    ...extra,
  };
}
