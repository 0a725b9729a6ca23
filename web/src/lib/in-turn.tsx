import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';

/** One mount waiting for its turn. */
interface Ticket {
  readonly start: () => void;
}

/** Mounts waiting for their turn, first come first served, and the one whose turn it is. */
const waiting: Ticket[] = [];
let current: Ticket | null = null;
let channel: MessageChannel | null = null;

/**
 * Gives the next waiting mount its turn, in a task of its own. A message, not a timer: it runs as soon as
 * the browser is free (a timer waits 4 ms and more once nested).
 */
function nextTurn(): void {
  if (current) return;
  const ticket = waiting.shift();
  if (!ticket) return;
  current = ticket;
  channel ??= new MessageChannel();
  channel.port1.onmessage = () => current?.start();
  channel.port2.postMessage(null);
}

/** The mount whose turn it was has rendered (or is gone): the next one may go. */
function endTurn(ticket: Ticket): void {
  if (current !== ticket) return;
  current = null;
  nextTurn();
}

/** Asks for a turn; returns a function that gives it up (when unmounted before it rendered). */
function askTurn(ticket: Ticket): () => void {
  waiting.push(ticket);
  nextTurn();
  return () => {
    const index = waiting.indexOf(ticket);
    if (index >= 0) waiting.splice(index, 1);
    endTurn(ticket);
  };
}

/**
 * Renders its children, on its first render, only after the ones that asked before it have rendered, each
 * in a task of its own: for a screen whose parts rendered at once make one long task (the advertiser page's
 * reports: about 170 ms on this machine) that keeps the browser from painting and answering input. Each
 * part then takes a short task, in the order they asked (top to bottom), and nothing is shown in a part's
 * place meanwhile, so nothing above it moves when it comes. Later renders are direct.
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
