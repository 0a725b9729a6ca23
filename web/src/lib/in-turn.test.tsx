import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { InTurn, LONG_TASK_MS } from './in-turn';

/** A part that notes, when it is put on the page, which parts were already there. */
function Part({ name, seen }: { name: string; seen: string[][] }) {
  useLayoutEffect(() => {
    seen.push([name, ...[...document.querySelectorAll('[data-part]')].map((el) => el.getAttribute('data-part') ?? '')]);
  }, [name, seen]);
  return <p data-part={name}>{name}</p>;
}

/**
 * The task a part came in, counted by microtask checkpoints: one passes between two tasks, never within a
 * task's synchronous run (React renders an update made in a layout effect in that run).
 */
let task = 0;

/** Keeps the thread busy for `ms`: what an expensive render costs (its output does not depend on it). */
function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Busy.
  }
}

function TaskPart({ name, tasks, costMs = 0 }: { name: string; tasks: Array<[string, number]>; costMs?: number }) {
  busyFor(costMs);
  useLayoutEffect(() => {
    tasks.push([name, task]);
    queueMicrotask(() => (task += 1));
  }, [name, tasks]);
  return <p>{name}</p>;
}

describe('InTurn', () => {
  it('puts quick parts on the page in one task, a commit each', async () => {
    // Prepare
    const tasks: Array<[string, number]> = [];

    // Act
    render(
      <>
        {['metrics', 'line items', 'creatives'].map((name) => (
          <InTurn key={name}>
            <TaskPart name={name} tasks={tasks} />
          </InTurn>
        ))}
      </>,
    );

    // Assess
    expect(await screen.findByText('creatives')).toBeInTheDocument();
    const first = tasks[0]?.[1];
    expect(tasks).toEqual([
      ['metrics', first],
      ['line items', first],
      ['creatives', first],
    ]);
  });

  it('lets the browser paint before the next part when a part would make the task long', async () => {
    // Prepare
    const tasks: Array<[string, number]> = [];

    // Act
    render(
      <>
        <InTurn>
          <TaskPart name="slow" tasks={tasks} costMs={LONG_TASK_MS / 2 + 5} />
        </InTurn>
        <InTurn>
          <TaskPart name="next" tasks={tasks} />
        </InTurn>
      </>,
    );

    // Assess
    expect(await screen.findByText('next')).toBeInTheDocument();
    const [slow, next] = tasks;
    expect(next?.[1]).toBeGreaterThan(slow?.[1] ?? Number.POSITIVE_INFINITY);
  });

  it('puts its parts on the page one at a time, in the order they asked, none on the first render', async () => {
    // Prepare
    const seen: string[][] = [];

    // Act
    render(
      <>
        <InTurn>
          <Part name="metrics" seen={seen} />
        </InTurn>
        <InTurn>
          <Part name="line items" seen={seen} />
        </InTurn>
        <InTurn>
          <Part name="creatives" seen={seen} />
        </InTurn>
      </>,
    );
    const firstRender = [...document.querySelectorAll('[data-part]')].length;

    // Assess
    expect(firstRender).toBe(0);
    expect(await screen.findByText('creatives')).toBeInTheDocument();
    // Each part came in a commit of its own: it found only the parts before it on the page.
    expect(seen).toEqual([
      ['metrics', 'metrics'],
      ['line items', 'metrics', 'line items'],
      ['creatives', 'metrics', 'line items', 'creatives'],
    ]);
  });

  it('skips a part that left before its turn, and the parts after it still come', async () => {
    // Prepare
    const seen: string[][] = [];
    const tree = (withSecond: boolean) => (
      <>
        <InTurn>
          <Part name="first" seen={seen} />
        </InTurn>
        {withSecond ? (
          <InTurn>
            <Part name="second" seen={seen} />
          </InTurn>
        ) : null}
        <InTurn>
          <Part name="third" seen={seen} />
        </InTurn>
      </>
    );
    const { rerender } = render(tree(true));

    // Act
    rerender(tree(false));

    // Assess
    expect(await screen.findByText('third')).toBeInTheDocument();
    expect(screen.queryByText('second')).toBeNull();
    expect(seen.map(([name]) => name)).toEqual(['first', 'third']);
  });

  it('lets the next screen through when one is left while its parts wait', async () => {
    // Prepare
    const seen: string[][] = [];
    const left = render(
      <InTurn>
        <Part name="left behind" seen={seen} />
      </InTurn>,
    );

    // Act
    left.unmount();
    render(
      <InTurn>
        <Part name="next screen" seen={seen} />
      </InTurn>,
    );

    // Assess
    expect(await screen.findByText('next screen')).toBeInTheDocument();
    expect(seen.map(([name]) => name)).toEqual(['next screen']);
  });

  it('renders its children directly once it has come', async () => {
    // Prepare
    const seen: string[][] = [];
    const { rerender } = render(
      <InTurn>
        <Part name="campaign A" seen={seen} />
      </InTurn>,
    );
    await screen.findByText('campaign A');

    // Act
    rerender(
      <InTurn>
        <Part name="campaign B" seen={seen} />
      </InTurn>,
    );

    // Assess
    expect(screen.getByText('campaign B')).toBeInTheDocument();
  });
});
