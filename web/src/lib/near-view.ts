import { useEffect, useRef, useState } from 'react';

/**
 * `near` turns true once the element given to `ref` has come within `margin` of the screen, and
 * stays true. A part that is costly to draw and sits below the first screen (a map: Leaflet
 * measures its box and lays out its layers, about 80 ms of a mid-range phone's main thread) is
 * drawn when the user scrolls towards it, not while the page loads (decision 0102). In a browser
 * without IntersectionObserver it is true at once; in the server's drawing of a page (decision
 * 0103) false, as on the browser's first render. The element is read after each commit, not kept in
 * state: a state set from a ref callback would redraw the part at once, within the page's commit.
 */
export function useNearView(margin = '200px'): {
  ref: React.RefObject<HTMLDivElement | null>;
  near: boolean;
} {
  const ref = useRef<HTMLDivElement | null>(null);
  const watched = useRef<{ element: Element; observer: IntersectionObserver } | null>(null);
  const [near, setNear] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );
  const stop = () => {
    watched.current?.observer.disconnect();
    watched.current = null;
  };
  // After each commit: watch the box drawn now, or nothing once it has come near.
  useEffect(() => {
    const element = near ? null : ref.current;
    if (watched.current?.element === element || (!element && !watched.current)) return;
    stop();
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    watched.current = { element, observer };
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: stops the observer on unmount only
  useEffect(() => stop, []);
  return { ref, near };
}
