import { endpoint } from '../endpoint.ts';
import { addressSuggestionsAnswerSchema, addressSuggestionsQuerySchema } from '../maps.ts';

/** The address finder of the customer and warehouse forms (domain.md §2.7, §3.3). */
export const mapsEndpoints = {
  addressSuggestions: endpoint('GET /address_suggestions', {
    query: addressSuggestionsQuerySchema,
    answers: { 200: addressSuggestionsAnswerSchema },
  }),
};
