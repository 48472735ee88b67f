import { queryOptions } from '@tanstack/react-query';
import { call } from './api-client';
import { mapsEndpoints as e } from './routes';

/** GET /address_suggestions: the maps service's addresses for what was typed (domain.md §2.7). */
export const addressSuggestionsQuery = (query: string) =>
  queryOptions({
    queryKey: ['address_suggestions', query],
    queryFn: ({ signal }) => call(e.addressSuggestions, { query: { query }, signal }).then((a) => a.items),
    staleTime: 5 * 60_000,
  });
