import { call } from '../../../lib/api-client';
import { driverEndpoints as e } from '../../../lib/routes';
import type { QueuedAction } from './queue-store';

/**
 * One queued action as the server takes it: "on the way" as JSON; the delivery as the multipart
 * form of POST /driver/order/:id/delivered (`delivery` JSON, one `signature` PNG, `photo` images).
 */
export function sendAction(action: QueuedAction) {
  if (action.kind === 'on_the_way') {
    return call(e.onTheWay, { params: { id: action.orderId }, body: action.body });
  }
  const form = new FormData();
  form.append('delivery', JSON.stringify(action.record));
  form.append('signature', action.signature, 'podpis.png');
  for (const [i, photo] of action.photos.entries()) {
    form.append('photo', photo, `foto-${i + 1}.${photo.type.split('/')[1] ?? 'jpeg'}`);
  }
  return call(e.delivered, { params: { id: action.orderId }, form });
}
