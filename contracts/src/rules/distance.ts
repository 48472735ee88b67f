/**
 * Distance and driving time without a routing service (domain.md §3.3 Maps and distances): the
 * great-circle distance times a road factor, driven at an average speed. Answers that come from
 * here are marked as estimates.
 */

/** Roads on the Vysočina wind: about 30 % longer than the straight line. */
export const roadFactor = 1.3;
/** A loaded lorry on country roads, km/h. */
export const averageSpeedKmh = 50;

const earthRadiusKm = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

export type Point = { lat: number; lon: number };

/** Haversine distance in km. */
export function greatCircleKm(a: Point, b: Point): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** One way: km to one decimal, minutes rounded up. */
export function estimateRoute(from: Point, to: Point): { distance: number; duration: number } {
  const distance = Math.round(greatCircleKm(from, to) * roadFactor * 10) / 10;
  return { distance, duration: Math.ceil((distance / averageSpeedKmh) * 60) };
}
