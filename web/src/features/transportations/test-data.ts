import type { FunctionName } from '@letokruh/contracts/permissions';
import type { Transportation, TransportationData } from '@letokruh/contracts/transportations';
import { type MockRoutes, makeProfile } from '../../test-utils';

/** Answers shaped as the server's tests show them (server/src/modules/transportations). */
export const referenceData: TransportationData = {
  recipients: [
    { id: 1, name: 'Lesy Vysočina a.s.' },
    { id: 2, name: 'Městské lesy Jihlava s.r.o.' },
  ],
  subscribers: [
    { id: 3, name: 'Pila Brtnice s.r.o.' },
    { id: 4, name: 'Pila Štoky s.r.o.' },
  ],
  wood_types: [
    { id: 5, name: 'Borová vláknina' },
    { id: 6, name: 'Smrková kulatina' },
  ],
  licence_plates: [
    { id: 7, name: '1J2 3456' },
    { id: 8, name: '4J8 1207' },
  ],
};

export const drivers = [
  { id: 11, username: 'driver', first_name: 'Josef', last_name: 'Černý', name: 'Josef Černý' },
  { id: 12, username: 'driver2', first_name: 'Martin', last_name: 'Kučera', name: 'Martin Kučera' },
];

export const haul: Transportation = {
  id: 31,
  date: '14.3.2026',
  load_type: { name: 'bezrukaceTransport', choice: 'Harvestory Kadlec' },
  driver: { id: 11, name: 'Josef Černý' },
  cmr_wagon_number: [
    { id: 1, cmr_or_wagon_number: 'CMR 1001', amount: 22.4 },
    { id: 2, cmr_or_wagon_number: 'CMR 1002', amount: null },
  ],
  license_plate: { id: 7, name: '1J2 3456' },
  load_location: [
    { id: 1, name: 'Radešín' },
    { id: 2, name: 'Mrákotín' },
    { id: 3, name: 'Brtnice' },
  ],
  unload_location: [{ id: 4, name: 'Lukavec' }],
  recipient: null,
  subscriber: { id: 4, name: 'Pila Štoky s.r.o.' },
  wood_type: null,
  files: [],
  version: 3,
};

/** The calls every transportation page makes, for a user of the given functions. */
export function transportationRoutes(functions: FunctionName[], more: MockRoutes = {}): MockRoutes {
  return {
    'GET /api/auth/user': { body: { user: makeProfile(functions) } },
    'GET /api/transportations/data': { body: referenceData },
    'GET /api/drivers': { body: { items: drivers } },
    ...more,
  };
}
