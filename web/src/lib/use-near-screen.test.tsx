import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearScreen } from './use-near-screen';
import { IDLE_TIMEOUT_MS } from './when-idle';

/** Records what is observed, with which margin, and reports when the test says so. */
class ObserverStub {
  static made: ObserverStub[] = [];
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(
    private readonly report: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    ObserverStub.made.push(this);
  }
  observe(target: Element): void {
    this.observed.push(target);
  }
  unobserve(): void {}
  disconnect(): void {
    this.disconnected = true;
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  send(isIntersecting: boolean): void {
    const entries = this.observed.map((target) => ({ isIntersecting, target }) as IntersectionObserverEntry);
    this.report(entries, this as unknown as IntersectionObserver);
  }
}

function Probe({ margin, idle }: { margin?: string; idle?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearScreen(ref, { ...(margin ? { margin } : {}), ...(idle ? { idle } : {}) });
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  ObserverStub.made = [];
});

describe('useNearScreen', () => {
  it('turns true once the element comes within the margin, and stays true', () => {
    // Prepare
    vi.stubGlobal('IntersectionObserver', ObserverStub);
    render(<Probe margin="300px" />);
    const observer = ObserverStub.made[0];

    // Act: an entry that is still away, then one that is near
    act(() => observer?.send(false));

    // Assess
    expect(screen.getByText('far')).toBeInTheDocument();
    expect(observer?.options.rootMargin).toBe('300px');
    expect(observer?.observed).toEqual([screen.getByText('far')]);

    // Act
    act(() => observer?.send(true));

    // Assess: it stops watching, and nothing makes it far again
    expect(screen.getByText('near')).toBeInTheDocument();
    expect(observer?.disconnected).toBe(true);
    expect(ObserverStub.made).toHaveLength(1);
  });

  it('counts the element as near where the browser has no IntersectionObserver', async () => {
    // Prepare
    vi.stubGlobal('IntersectionObserver', undefined);

    // Act
    render(<Probe />);

    // Assess
    expect(await screen.findByText('near')).toBeInTheDocument();
  });

  it('with idle, waits for the browser to be idle once the element is near', () => {
    // Prepare
    const idleWork: Array<() => void> = [];
    vi.stubGlobal('IntersectionObserver', ObserverStub);
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn((work: () => void, options: IdleRequestOptions) => {
        expect(options.timeout).toBe(IDLE_TIMEOUT_MS);
        return idleWork.push(work);
      }),
    );
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    render(<Probe idle />);

    // Act
    act(() => ObserverStub.made[0]?.send(true));

    // Assess: near, but the browser has not been idle yet
    expect(screen.getByText('far')).toBeInTheDocument();
    expect(idleWork).toHaveLength(1);

    // Act
    act(() => idleWork[0]?.());

    // Assess
    expect(screen.getByText('near')).toBeInTheDocument();
  });
});
