import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearView } from './near-view';

/** An IntersectionObserver the test drives: `reach()` tells every observer its element came near. */
class FakeObserver {
  static all: FakeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  static reach() {
    for (const o of FakeObserver.all.filter((x) => !x.disconnected))
      o.callback(
        o.observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
        o as unknown as IntersectionObserver,
      );
  }
}

function Costly() {
  const { ref, near } = useNearView();
  return near ? <p>map</p> : <div ref={ref}>waiting</div>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.all = [];
});

describe('a part drawn when it comes near the screen (decision 0102)', () => {
  it('waits until its box comes within 200 px of the screen, then stays drawn', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<Costly />);
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(FakeObserver.all.at(-1)?.options?.rootMargin).toBe('200px');
    expect(FakeObserver.all.at(-1)?.observed).toEqual([screen.getByText('waiting')]);
    act(() => FakeObserver.reach());
    expect(screen.getByText('map')).toBeTruthy();
    expect(FakeObserver.all.every((o) => o.disconnected)).toBe(true);
  });

  it('is drawn at once where the browser cannot tell', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Costly />);
    expect(screen.getByText('map')).toBeTruthy();
  });
});
