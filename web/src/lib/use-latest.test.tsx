import { act, render, screen } from '@testing-library/react';
import { startTransition, Suspense, use, useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useLatest } from './use-latest';

/** Hands out, once, a reader of the latest value (as a handler or an effect made on the first render would). */
function Probe({
  value,
  wait,
  onReader,
}: {
  value: string;
  wait?: Promise<void>;
  onReader: (read: () => string) => void;
}) {
  const latest = useLatest(value);
  useEffect(() => onReader(() => latest.current), [latest, onReader]);
  if (wait) use(wait);
  return <p>{value}</p>;
}

describe('useLatest', () => {
  it('lets a reader made on the first render see the value of the last render', () => {
    // Prepare
    let read = (): string => '';
    const onReader = vi.fn((reader: () => string) => {
      read = reader;
    });
    const { rerender } = render(<Probe value="first" onReader={onReader} />);

    // Act
    rerender(<Probe value="second" onReader={onReader} />);

    // Assess: one ref for the component's life, holding the newest value
    expect(read()).toBe('second');
    expect(onReader).toHaveBeenCalledTimes(1);
  });

  it('keeps the committed value while a newer render is suspended, until that render commits', async () => {
    // Prepare
    let read = (): string => '';
    const onReader = (reader: () => string): void => {
      read = reader;
    };
    let resolve = (): void => undefined;
    const wait = new Promise<void>((done) => {
      resolve = done;
    });
    let show = (_props: { value: string; wait?: Promise<void> }): void => undefined;
    function Host() {
      const [props, setProps] = useState<{ value: string; wait?: Promise<void> }>({ value: 'shown' });
      useEffect(() => {
        show = setProps;
      }, []);
      return (
        <Suspense fallback={<p>Loading</p>}>
          <Probe {...props} onReader={onReader} />
        </Suspense>
      );
    }
    render(<Host />);

    // Act: a transition whose render suspends keeps the page as it was
    await act(async () => startTransition(() => show({ value: 'next', wait })));

    // Assess: the value of the render not (yet) committed is not seen
    expect(screen.getByText('shown')).toBeInTheDocument();
    expect(read()).toBe('shown');

    // Act
    await act(async () => {
      resolve();
      await wait;
    });

    // Assess
    expect(screen.getByText('next')).toBeInTheDocument();
    expect(read()).toBe('next');
  });
});
