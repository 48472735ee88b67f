import { useEffect, useState } from 'react';

/**
 * `near` turns true once the element given to `ref` has come within `margin` of the screen, and
 * stays true. A part that is costly to draw and sits below the first screen (a map: Leaflet
 * measures its box and lays out its layers, about 80 ms of a mid-range phone's main thread) is
 * drawn when the user scrolls towards it, not while the page loads (decision 0102). Without
 * IntersectionObserver it is true at once.
 */
export function useNearView(margin = '200px'): { ref: (element: Element | null) => void; near: boolean } {
  const [element, setElement] = useState<Element | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, margin, near]);
  return { ref: setElement, near };
}
