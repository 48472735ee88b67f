import { estimateRoute, type Point } from './distance.ts';

/**
 * The driver's route of a day (domain.md §2.11): from the warehouse through the stops in the
 * order they are driven and back, estimated from coordinates (no routing service: the great-circle
 * distance times the road factor, at the average speed of rules/distance.ts; decision 0078).
 */

/** A place known on the map: (0, 0) is what an address without coordinates holds. */
export const isPlace = (p: Point | null | undefined): p is Point =>
  !!p && Number.isFinite(p.lat) && Number.isFinite(p.lon) && !(p.lat === 0 && p.lon === 0);

export type DayRoute = {
  /** The warehouse (when known), the stops, the warehouse again. */
  points: Point[];
  /** Estimated km and minutes of driving, the whole round. */
  distance: number;
  duration: number;
};

export function dayRoute(warehouse: Point | null, stops: readonly Point[]): DayRoute {
  const places = stops.filter(isPlace);
  const points = isPlace(warehouse) ? [warehouse, ...places, warehouse] : places;
  let distance = 0;
  let duration = 0;
  for (let i = 1; i < points.length; i++) {
    const leg = estimateRoute(points[i - 1]!, points[i]!);
    distance += leg.distance;
    duration += leg.duration;
  }
  return { points, distance: Math.round(distance * 10) / 10, duration };
}

/** A marker of the day's small map: where it stands and the stops' numbers it carries. */
export type RouteMarker = { at: Point; numbers: number[] };

/**
 * The stops' markers on the day's small map (domain.md §2.11), numbered in driving order. `place`
 * tells where a point is drawn, in screen pixels; stops whose numbers would cover each other there
 * (`label`: a number's box, about 22 × 32 px, with a little room) share one marker, at the first
 * of them, that carries all their numbers ("2, 3").
 */
export function routeMarkers(
  stops: readonly Point[],
  place: (p: Point) => { x: number; y: number },
  label = { width: 28, height: 36 },
): RouteMarker[] {
  const markers: (RouteMarker & { x: number; y: number })[] = [];
  stops.forEach((p, i) => {
    const { x, y } = place(p);
    const shared = markers.find((m) => Math.abs(m.x - x) < label.width && Math.abs(m.y - y) < label.height);
    if (shared) shared.numbers.push(i + 1);
    else markers.push({ at: p, numbers: [i + 1], x, y });
  });
  return markers.map(({ at, numbers }) => ({ at, numbers }));
}

/** Mapy.cz takes at most 15 waypoints between the start and the end. */
export const mapyCzMaxWaypoints = 15;

const lonLat = (p: Point) => `${p.lon.toFixed(6)},${p.lat.toFixed(6)}`;

/**
 * The whole route in Mapy.cz (web or app), by its documented URL
 * `https://mapy.cz/fnc/v1/route?start=lon,lat&end=lon,lat&waypoints=lon,lat;…&routeType=car_fast`:
 * the first point the start, the last the end, those between the waypoints (at most 15; null when
 * there are fewer than two points).
 */
export function mapyCzRouteUrl(points: readonly Point[]): string | null {
  if (points.length < 2) return null;
  const between = points.slice(1, -1).slice(0, mapyCzMaxWaypoints);
  const query = new URLSearchParams({
    mapset: 'traffic',
    start: lonLat(points[0]!),
    end: lonLat(points[points.length - 1]!),
    routeType: 'car_fast',
  });
  if (between.length) query.set('waypoints', between.map(lonLat).join(';'));
  return `https://mapy.cz/fnc/v1/route?${query.toString().replaceAll('%2C', ',').replaceAll('%3B', ';')}`;
}

/** A geo: URI (RFC 5870) of one place, for other navigation apps: `geo:lat,lon?q=lat,lon(label)`. */
export function geoUri(p: Point, label = ''): string {
  const at = `${p.lat.toFixed(6)},${p.lon.toFixed(6)}`;
  return `geo:${at}?q=${at}${label ? `(${encodeURIComponent(label)})` : ''}`;
}
