import type { Position } from '@letokruh/contracts/delivery';

/**
 * The phone's position for the proof (decision 0067), when the driver allows it. Never in the way
 * of a delivery: refused, unavailable or slower than `timeoutMs`, it is null. A fix up to two
 * minutes old will do (the driver is standing at the door).
 */
export function currentPosition(timeoutMs = 5_000): Promise<Position | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs + 500);
    try {
      navigator.geolocation.getCurrentPosition(
        (p) => {
          clearTimeout(timer);
          resolve({
            lat: p.coords.latitude,
            lon: p.coords.longitude,
            accuracy: Number.isFinite(p.coords.accuracy) ? Math.min(p.coords.accuracy, 100_000) : null,
          });
        },
        () => {
          clearTimeout(timer);
          resolve(null);
        },
        { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 120_000 },
      );
    } catch {
      clearTimeout(timer);
      resolve(null);
    }
  });
}
