import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyWithPreload } from './lazy-with-preload';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount(count + 1)}>{`${label} ${count}`}</button>;
}

describe('lazyWithPreload', () => {
  it('renders at once, without its fallback, once preloaded', async () => {
    // Prepare
    const load = vi.fn(async () => Counter);
    const Preloadable = lazyWithPreload(load);
    await Preloadable.preload();

    // Act
    render(
      <Suspense fallback={<p>loading</p>}>
        <Preloadable label="clicks" />
      </Suspense>,
    );

    // Assess: the first render already shows it (no fallback, so no hold of the reveal)
    expect(screen.getByRole('button', { name: 'clicks 0' })).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends like React.lazy when not preloaded, loading once however often asked', async () => {
    // Prepare
    let finish: (component: typeof Counter) => void = () => undefined;
    const load = vi.fn(() => new Promise<typeof Counter>((resolve) => (finish = resolve)));
    const Preloadable = lazyWithPreload(load);

    // Act
    render(
      <Suspense fallback={<p>loading</p>}>
        <Preloadable label="clicks" />
      </Suspense>,
    );
    void Preloadable.preload();

    // Assess
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => finish(Counter));
    expect(await screen.findByRole('button', { name: 'clicks 0' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the state of a mount that began before the code was in', async () => {
    // Prepare
    let finish: (component: typeof Counter) => void = () => undefined;
    const Preloadable = lazyWithPreload(() => new Promise<typeof Counter>((resolve) => (finish = resolve)));
    const { rerender } = render(
      <Suspense fallback={<p>loading</p>}>
        <Preloadable label="clicks" />
      </Suspense>,
    );
    await act(async () => finish(Counter));
    await act(async () => screen.getByRole('button', { name: 'clicks 0' }).click());

    // Act: a new render after the code is in
    rerender(
      <Suspense fallback={<p>loading</p>}>
        <Preloadable label="taps" />
      </Suspense>,
    );

    // Assess
    expect(screen.getByRole('button', { name: 'taps 1' })).toBeInTheDocument();
  });

  it('may be tried again after a failed load', async () => {
    // Prepare
    const load = vi
      .fn<() => Promise<typeof Counter>>()
      .mockRejectedValueOnce(new Error('chunk gone'))
      .mockResolvedValueOnce(Counter);
    const Preloadable = lazyWithPreload(load);

    // Act
    await expect(Preloadable.preload()).rejects.toThrow('chunk gone');
    await Preloadable.preload();

    // Assess
    expect(load).toHaveBeenCalledTimes(2);
  });
});
