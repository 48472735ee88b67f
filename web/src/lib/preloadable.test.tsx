import { act, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadable, useCode } from './preloadable';

const Drawn = ({ word }: { word: string }) => <p>{word}</p>;
const waiting = <p>waiting</p>;

/** Renders inside a Suspense boundary and lets the first commit happen. */
async function firstCommit(node: React.ReactNode) {
  await act(async () => {
    render(<Suspense fallback={waiting}>{node}</Suspense>);
  });
}

describe('a component whose code loads on its own (decision 0100)', () => {
  it('is drawn at once, without its fallback, once its code has loaded', async () => {
    const Page = preloadable(() => Promise.resolve({ default: Drawn }));
    await Page.preload();
    // Rendered synchronously: no turn of the promise, so React.lazy would still be waiting.
    render(
      <Suspense fallback={waiting}>
        <Page word="loaded" />
      </Suspense>,
    );
    expect(screen.getByText('loaded')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('React.lazy alone shows its fallback first, even with the code loaded (why the helper exists)', async () => {
    const module = Promise.resolve({ default: Drawn });
    await module;
    const Page = lazy(() => module);
    render(
      <Suspense fallback={waiting}>
        <Page word="loaded" />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(await screen.findByText('loaded')).toBeTruthy();
  });

  it('waits for its code like React.lazy when it is not loaded yet, and asks for it once', async () => {
    let arrive: (m: { default: typeof Drawn }) => void = () => {};
    const load = vi.fn(() => new Promise<{ default: typeof Drawn }>((r) => (arrive = r)));
    const Page = preloadable(load);
    await firstCommit(<Page word="later" />);
    expect(screen.getByText('waiting')).toBeTruthy();
    void Page.preload();
    await act(async () => arrive({ default: Drawn }));
    expect(await screen.findByText('later')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again for code that failed to load', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Drawn }>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValueOnce({ default: Drawn });
    const Page = preloadable(load);
    await expect(Page.preload()).rejects.toThrow('chunk failed');
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(2);
    render(<Page word="second try" />);
    expect(screen.getByText('second try')).toBeTruthy();
  });
});

/** The route's map as "Můj den" draws it: asked for once near, a note while it cannot be had. */
function Route({ part: Part, near }: { part: ReturnType<typeof preloadable<typeof Drawn>>; near: boolean }) {
  const state = useCode(Part, near);
  if (state === 'loaded') return <Part word="mapa trasy" />;
  return <p>{state === 'failed' ? 'Mapa se zobrazí, až bude signál.' : 'čeká'}</p>;
}

describe('a part drawn once its code is here (decision 0105)', () => {
  it('is not asked for until wanted; without a signal a note stands in, drawn when the signal returns', async () => {
    let signal = false;
    const load = vi.fn(() =>
      signal ? Promise.resolve({ default: Drawn }) : Promise.reject(new TypeError('Failed to fetch')),
    );
    const Part = preloadable(load);
    const { rerender } = render(<Route part={Part} near={false} />);
    await act(async () => {});
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByText('čeká')).toBeTruthy();

    rerender(<Route part={Part} near />);
    expect(await screen.findByText('Mapa se zobrazí, až bude signál.')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);

    signal = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('mapa trasy')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('a part behind a Suspense boundary whose code cannot be had without a signal (decision 0105)', () => {
  it('keeps its fallback, never throws, and is drawn once the browser is online again', async () => {
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let signal = false;
    const load = vi.fn(() =>
      signal ? Promise.resolve({ default: Drawn }) : Promise.reject(new TypeError('Failed to fetch')),
    );
    const Page = preloadable(load);
    await firstCommit(<Page word="stránka" />);
    await act(async () => {});
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);

    signal = true;
    offline.mockReturnValue(true);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('stránka')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    offline.mockRestore();
  });
});
