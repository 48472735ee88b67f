import { describe, expect, it } from 'vitest';
import { parseCoordinate, parseCoordinatePair } from './coordinates';

describe('coordinates typed by hand', () => {
  it('reads a decimal comma or point and refuses anything else', () => {
    expect(parseCoordinate('49,4875')).toBe(49.4875);
    expect(parseCoordinate(' 15.7201 ')).toBe(15.7201);
    expect(parseCoordinate('-8')).toBe(-8);
    expect(parseCoordinate('49°29′')).toBeUndefined();
    expect(parseCoordinate('')).toBeUndefined();
    expect(parseCoordinate('1,2,3')).toBeUndefined();
  });

  it('splits a pasted pair as map sites copy it', () => {
    expect(parseCoordinatePair('49.4875, 15.7201')).toEqual({ lat: 49.4875, lon: 15.7201 });
    expect(parseCoordinatePair('49,4875, 15,7201')).toEqual({ lat: 49.4875, lon: 15.7201 });
    expect(parseCoordinatePair('49.4875 15.7201')).toEqual({ lat: 49.4875, lon: 15.7201 });
    expect(parseCoordinatePair('49.4875;15.7201')).toEqual({ lat: 49.4875, lon: 15.7201 });
    expect(parseCoordinatePair('49,4875')).toBeUndefined();
    expect(parseCoordinatePair('95.1, 15.2')).toBeUndefined();
  });
});
