/**
 * Coordinates typed by hand (domain.md §3.3, no maps service): "49,4875" in Czech, "49.4875" in English,
 * or both at once as map sites copy them ("49.4875, 15.7201", "49,4875, 15,7201").
 */
export function parseCoordinate(text: string): number | undefined {
  const clean = text.trim().replace(',', '.');
  if (!/^-?\d{1,3}(\.\d+)?$/.test(clean)) return undefined;
  return Number(clean);
}

/** A pasted pair "lat, lon"; undefined when the text is not two coordinates. */
export function parseCoordinatePair(text: string): { lat: number; lon: number } | undefined {
  const match = /^\s*(-?\d{1,3}(?:[.,]\d+)?)\s*(?:[;\s]|,\s)\s*(-?\d{1,3}(?:[.,]\d+)?)\s*$/.exec(text);
  if (!match) return undefined;
  const lat = parseCoordinate(match[1] ?? '');
  const lon = parseCoordinate(match[2] ?? '');
  if (lat === undefined || lon === undefined || Math.abs(lat) > 90 || Math.abs(lon) > 180) return undefined;
  return { lat, lon };
}
