import type { AddressSuggestion } from '@letokruh/contracts/maps';

/**
 * The maps service behind one interface (domain.md §3.3 "Maps and distances"): a provider when a key
 * is configured, none otherwise. Routing and distances will join this interface with orders.
 */
export type MapsProvider = {
  readonly name: string;
  suggestAddresses(
    query: string,
    options: { limit: number; lang: 'cs' | 'en' },
  ): Promise<AddressSuggestion[]>;
};

/** No key: the forms take coordinates typed by hand. */
export const noMapsProvider: MapsProvider = {
  name: 'none',
  suggestAddresses: async () => [],
};

/** Mapy.cz answers (REST API v1 `/v1/suggest`), only the parts we read. */
type MapyItem = {
  name?: string;
  location?: string;
  zip?: string;
  position?: { lat?: number; lon?: number };
  regionalStructure?: { name?: string; type?: string; isoCode?: string }[];
};

/** The forms keep the country as the Czech name the phone-prefix choice knows (contracts customers). */
const czechCountryNames: Record<string, string> = {
  CZ: 'Česká republika',
  SK: 'Slovensko',
  AT: 'Rakousko',
  DE: 'Německo',
  PL: 'Polsko',
  HU: 'Maďarsko',
};

export function toSuggestion(item: MapyItem): AddressSuggestion | null {
  const lat = item.position?.lat;
  const lon = item.position?.lon;
  if (typeof lat !== 'number' || typeof lon !== 'number' || !item.name) return null;
  const parts = item.regionalStructure ?? [];
  const part = (type: string) => parts.find((p) => p.type === type);
  const town = part('regional.municipality')?.name ?? '';
  const countryPart = part('regional.country');
  const country = (countryPart?.isoCode && czechCountryNames[countryPart.isoCode]) || countryPart?.name || '';
  const zip = item.zip ?? '';
  const place = [zip, town].filter(Boolean).join(' ');
  const address =
    town && item.name !== town ? `${item.name}, ${place}` : [item.name, zip].filter(Boolean).join(', ');
  return {
    label: [item.name, item.location].filter(Boolean).join(', '),
    address,
    town,
    zip,
    country,
    lat,
    lon,
  };
}

/** Mapy.cz suggestions of addresses; the base URL is configurable so that tests use a loopback fake. */
export function mapyCzProvider(options: {
  apiKey: string;
  baseUrl: string;
  timeoutMs?: number;
}): MapsProvider {
  return {
    name: 'mapy.cz',
    async suggestAddresses(query, { limit, lang }) {
      const url = new URL('/v1/suggest', options.baseUrl);
      url.searchParams.set('query', query);
      url.searchParams.set('lang', lang);
      url.searchParams.set('limit', String(limit));
      url.searchParams.set('type', 'regional.address');
      const response = await fetch(url, {
        headers: { 'X-Mapy-Api-Key': options.apiKey, accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 3000),
      });
      if (!response.ok) throw new Error(`maps provider answered ${response.status}`);
      const body = (await response.json()) as { items?: MapyItem[] };
      return (body.items ?? [])
        .map(toSuggestion)
        .filter((s): s is AddressSuggestion => s !== null)
        .slice(0, limit);
    },
  };
}

export function mapsProviderFrom(config: { mapsApiKey: string; mapsApiUrl: string }): MapsProvider {
  return config.mapsApiKey
    ? mapyCzProvider({ apiKey: config.mapsApiKey, baseUrl: config.mapsApiUrl })
    : noMapsProvider;
}
