import { describe, expect, it } from 'vitest';
import { estimateRoute, greatCircleKm } from './distance.ts';

describe('greatCircleKm', () => {
  it('measures known distances', () => {
    // A quarter of the equator is π × 6371.0088 / 2 = 10007.56 km.
    expect(greatCircleKm({ lat: 0, lon: 0 }, { lat: 0, lon: 90 })).toBeCloseTo(10007.56, 1);
    // One degree of latitude is 111.2 km.
    expect(greatCircleKm({ lat: 49, lon: 15 }, { lat: 50, lon: 15 })).toBeCloseTo(111.2, 1);
    expect(greatCircleKm({ lat: 49.4, lon: 15.5 }, { lat: 49.4, lon: 15.5 })).toBe(0);
  });
});

describe('estimateRoute', () => {
  it('adds 30 % for the roads and drives at 50 km/h', () => {
    // One degree of latitude: 111.195 km × 1.3 = 144.55 → 144.6 km; 144.6 / 50 h = 173.5 min → 174.
    expect(estimateRoute({ lat: 49, lon: 15 }, { lat: 50, lon: 15 })).toEqual({
      distance: 144.6,
      duration: 174,
    });
  });

  it('the yard in Jihlava to Havlíčkův Brod: about 22.6 km straight, 29.3 km by road, 36 minutes', () => {
    expect(estimateRoute({ lat: 49.414206, lon: 15.571128 }, { lat: 49.616732, lon: 15.588954 })).toEqual({
      distance: 29.3,
      duration: 36,
    });
  });

  it('the same place is 0 km and 0 minutes', () => {
    expect(estimateRoute({ lat: 49.4, lon: 15.5 }, { lat: 49.4, lon: 15.5 })).toEqual({
      distance: 0,
      duration: 0,
    });
  });
});
