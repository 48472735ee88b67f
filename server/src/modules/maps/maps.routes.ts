import {
  addressSuggestionLimit,
  addressSuggestionsAnswerSchema,
  addressSuggestionsQuerySchema,
} from '@letokruh/contracts/maps';
import type { App } from '../../app-types.ts';
import { mapsProviderFrom } from './maps.provider.ts';

const tags = ['maps'];

/** The address finder of the customer and warehouse forms (part 2 §7, DESIGN §3). */
export async function mapsRoutes(app: App): Promise<void> {
  const provider = mapsProviderFrom(app.ctx.config);

  app.get(
    '/address_suggestions',
    {
      schema: {
        tags,
        querystring: addressSuggestionsQuerySchema,
        response: { 200: addressSuggestionsAnswerSchema },
      },
      config: {
        access: { anyPermission: ['add_customer', 'change_customer', 'add_warehouse', 'change_warehouse'] },
      },
    },
    async (request) => {
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
    },
  );
}
