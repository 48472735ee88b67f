import { driverEndpoints as e } from '@letokruh/contracts/endpoints/driver';
import type { App } from '../../app-types.ts';
import { hasFunction } from '../../plugins/access.ts';
import { route } from '../../plugins/endpoint.ts';
import { notFound } from '../../plugins/errors.ts';
import { driverDay } from './driver.service.ts';

/** "Můj den": the signed-in driver's deliveries (issue 17 §1). */
export async function driverRoutes(app: App): Promise<void> {
  const { db } = app.ctx;
  route(app, e.day, { schema: { tags: ['driver'] } }, async (request) => {
    const user = request.user!;
    const asked = request.query.driver ?? user.id;
    // Another driver's day is the office's to see; to a driver it does not exist.
    if (asked !== user.id && !hasFunction(user, 'owner', 'dispatcher')) throw notFound('Driver not found');
    return driverDay(db, asked, request.query.date);
  });
}
