import { mapsEndpoints as e } from '@letokruh/contracts/endpoints/maps';
import { addressSuggestionLimit } from '@letokruh/contracts/maps';
import type { App } from '../../app-types.ts';
import { route } from '../../plugins/endpoint.ts';
import { mapsProviderFrom } from './maps.provider.ts';

const tags = ['maps'];

/** The address finder of the customer and warehouse forms (domain.md §2.7, §3.3). */
export async function mapsRoutes(app: App): Promise<void> {
  const provider = mapsProviderFrom(app.ctx.config);

  route(app, e.addressSuggestions, { schema: { tags } }, async (request) => {
    try {
      const items = await provider.suggestAddresses(request.query.query, {
        limit: addressSuggestionLimit,
        lang: 'cs',
      });
      return { items };
    } catch (error) {
      // The finder only helps: when the service fails the form still takes typed coordinates.
      request.log.warn({ err: error, provider: provider.name }, 'address suggestions failed');
      return { items: [] };
    }
  });
}
