import { z } from 'zod';

/** The address finder of the customer and warehouse forms (domain.md §2.7 external services; domain.md §3.3). */

/** domain.md §2.7: the suggestion service is asked for 5 results in Czech. */
export const addressSuggestionLimit = 5;
/** domain.md §2.7: the finder waits this long after the last keystroke. */
export const addressSuggestionDebounceMs = 1000;

export const addressSuggestionsQuerySchema = z.object({
  query: z.string().trim().min(2).max(200),
});

/** One found address, already split into the fields of the customer and warehouse forms. */
export const addressSuggestionSchema = z
  .object({
    /** What the list shows, e.g. "Lipová 12, Polná, Česko". */
    label: z.string(),
    /** The address line as the forms keep it, e.g. "Lipová 12, 588 13 Polná". */
    address: z.string(),
    town: z.string(),
    zip: z.string(),
    country: z.string(),
    lat: z.number(),
    lon: z.number(),
  })
  .meta({ id: 'AddressSuggestion' });
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;

/** Without a configured provider the list is empty and coordinates are typed by hand. */
export const addressSuggestionsAnswerSchema = z.object({ items: z.array(addressSuggestionSchema) });
