import { describe, expect, it } from 'vitest';
import { dayRoute, geoUri, mapyCzRouteUrl, routeMarkers } from './day-route.ts';
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

describe("the day's map markers", () => {
  // Drawn at 1 px per 0.001° (enough for a test; the map gives its own pixels).
  const pixels = (p: { lat: number; lon: number }) => ({ x: p.lon * 1000, y: -p.lat * 1000 });

  it('numbers each stop in driving order', () => {
    expect(routeMarkers([trest, polna], pixels)).toEqual([
      { at: trest, numbers: [1] },
      { at: polna, numbers: [2] },
    ]);
  });

  it('gives stops whose numbers would cover each other one marker with both numbers', () => {
    // Two addresses in Luka nad Jihlavou, 330 m apart: 4 px here.
    const stoky = { lat: 49.502126, lon: 15.58999 };
    const luka43 = { lat: 49.374373, lon: 15.700003 };
    const luka159 = { lat: 49.373983, lon: 15.704407 };
    expect(routeMarkers([stoky, luka43, luka159], pixels)).toEqual([
      { at: stoky, numbers: [1] },
      { at: luka43, numbers: [2, 3] },
    ]);
    // Drawn 100 times larger they stand apart, each with its own number.
    const large = (p: { lat: number; lon: number }) => ({ x: p.lon * 100_000, y: -p.lat * 100_000 });
    expect(routeMarkers([luka43, luka159], large).map((m) => m.numbers)).toEqual([[1], [2]]);
  });

  it('keeps a place driven to twice under one marker with both its numbers', () => {
    expect(routeMarkers([trest, polna, trest], pixels)).toEqual([
      { at: trest, numbers: [1, 3] },
      { at: polna, numbers: [2] },
    ]);
  });
});
