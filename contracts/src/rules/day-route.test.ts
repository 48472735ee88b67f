import { describe, expect, it } from 'vitest';
import { dayRoute, geoUri, mapyCzRouteUrl } from './day-route.ts';
import { estimateRoute } from './distance.ts';

const jihlava = { lat: 49.3961, lon: 15.5912 };
const trest = { lat: 49.2905, lon: 15.4821 };
const polna = { lat: 49.487, lon: 15.7188 };

describe("the driver's route of a day", () => {
  it('goes from the warehouse through the stops in order and back, summing the legs', () => {
    const route = dayRoute(jihlava, [trest, { lat: 0, lon: 0 }, polna]);
    // The stop without coordinates is left out.
    expect(route.points).toEqual([jihlava, trest, polna, jihlava]);
    const legs = [estimateRoute(jihlava, trest), estimateRoute(trest, polna), estimateRoute(polna, jihlava)];
    expect(route.distance).toBeCloseTo(
      legs.reduce((s, l) => s + l.distance, 0),
      5,
    );
    expect(route.duration).toBe(legs.reduce((s, l) => s + l.duration, 0));
    expect(route.distance).toBeGreaterThan(40);
    expect(dayRoute(null, [trest]).distance).toBe(0);
  });

  it('opens the whole route in Mapy.cz with its stops as waypoints, and one place by geo:', () => {
    const url = mapyCzRouteUrl([jihlava, trest, polna, jihlava])!;
    expect(url).toBe(
      'https://mapy.cz/fnc/v1/route?mapset=traffic&start=15.591200,49.396100&end=15.591200,49.396100&routeType=car_fast&waypoints=15.482100,49.290500;15.718800,49.487000',
    );
    expect(mapyCzRouteUrl([jihlava])).toBeNull();
    const many = Array.from({ length: 20 }, (_, i) => ({ lat: 49 + i / 100, lon: 15 }));
    expect(new URL(mapyCzRouteUrl(many)!).searchParams.get('waypoints')!.split(';')).toHaveLength(15);
    expect(geoUri(trest, 'Třešť')).toBe(
      'geo:49.290500,15.482100?q=49.290500,15.482100(T%C5%99e%C5%A1%C5%A5)',
    );
  });
});
