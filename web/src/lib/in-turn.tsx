import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';

/** One mount waiting for its turn. */
interface Ticket {
  readonly start: () => void;
}

/** Mounts waiting for their turn, first come first served, and the one whose turn it is. */
const waiting: Ticket[] = [];
let current: Ticket | null = null;
let channel: MessageChannel | null = null;

/** A task longer than this holds up the browser's painting and its answer to input (a "long task"). */
export const LONG_TASK_MS = 50;

/** When the task giving out turns began, and when the current turn began. */
let taskStart = 0;
let turnStart = 0;

/**
 * Gives the next waiting mount its turn: in this task when `inThisTask` (React renders an update made in a
 * layout effect before the browser paints), else in a task of its own. A message, not a timer: it runs as
 * soon as the browser is free (a timer waits 4 ms and more once nested).
 */
function nextTurn(inThisTask: boolean): void {
  if (current) return;
  const ticket = waiting.shift();
  if (!ticket) return;
  current = ticket;
  if (inThisTask) {
    turnStart = performance.now();
    ticket.start();
    return;
  }
  channel ??= new MessageChannel();
  channel.port1.onmessage = () => {
    taskStart = turnStart = performance.now();
    current?.start();
  };
  channel.port2.postMessage(null);
}

/**
 * The mount whose turn it was has rendered (or is gone): the next one may go. It goes in the same task when
 * the task, with one more part as long as this one, stays short: a screen of quick parts is then not put
 * together in as many tasks, frames and style passes as it has parts, and a long part still lets the
 * browser paint after it.
 */
function endTurn(ticket: Ticket): void {
  if (current !== ticket) return;
  current = null;
  const now = performance.now();
  nextTurn(now - taskStart + (now - turnStart) < LONG_TASK_MS);
}

/** Asks for a turn; returns a function that gives it up (when unmounted before it rendered). */
function askTurn(ticket: Ticket): () => void {
  waiting.push(ticket);
  nextTurn(false);
  return () => {
    const index = waiting.indexOf(ticket);
    if (index >= 0) waiting.splice(index, 1);
    endTurn(ticket);
  };
}

/**
 * Renders its children, on its first render, only after the ones that asked before it have rendered, each
 * in a commit of its own and no task longer than `LONG_TASK_MS` for it: for a screen whose parts rendered
 * at once make one long task (the advertiser page's reports: about 170 ms on this machine) that keeps the
 * browser from painting and answering input. The parts come in the order they asked (top to bottom), as
 * many in a task as fit, and nothing is shown in a part's place meanwhile, so nothing above it moves when
 * it comes. Later renders are direct.
 */
export function InTurn({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  const [ticket] = useState<Ticket>(() => ({ start: () => setMounted(true) }));
  useEffect(() => askTurn(ticket), [ticket]);
  // Once this part is committed (a layout effect runs in the commit itself, not a task later), the next
  // part's turn is posted: it comes in the next task, with no wait in between.
  useLayoutEffect(() => {
    if (mounted) endTurn(ticket);
  }, [mounted, ticket]);
  return mounted ? children : null;
}
