import { useState } from 'react';
import * as z from '@bidgrid/shared/zod';
import {
  LINE_ITEM_DEFAULT_METRICS,
  LINE_ITEM_METRICS,
  type TLineItemMetric,
} from '@bidgrid/shared/campaigns/line-item.schema';
import { useSession } from '@/lib/session/session-context';

/**
 * Where a user's 'Select Metrics' choice is kept (issue 15: "the metric choice remembered per user"): one
 * key per user name, so two people sharing a browser keep their own columns. Local storage, which log out
 * clears (000 §2), so the choice lasts until the user logs out.
 */
export const metricChoiceKey = (userName: string): string => `bidgrid:line-item-metrics:${userName}`;

const KNOWN = new Set<string>(LINE_ITEM_METRICS);
const isMetric = (key: string): key is TLineItemMetric => KNOWN.has(key);

/** The stored form: the chosen report keys. Keys of metrics a later release dropped are left out. */
const ZStoredChoice = z.pipe(
  z.array(z.string()),
  z.transform((keys) => keys.filter(isMetric)),
);

/** The spec's default columns (000 §2 "Shown by default"). */
export const defaultMetricChoice = (): Set<TLineItemMetric> => new Set(LINE_ITEM_DEFAULT_METRICS);

/**
 * A stored choice read back: the metrics it names that still exist; the defaults when nothing is stored
 * or the text is not a list of keys (hand-edited, or written by something else). An empty list is a real
 * choice (every metric unticked) and stays empty.
 */
export function parseMetricChoice(stored: string | null): Set<TLineItemMetric> {
  if (stored === null) return defaultMetricChoice();
  let json: unknown;
  try {
    json = JSON.parse(stored);
  } catch {
    return defaultMetricChoice();
  }
  const parsed = ZStoredChoice.safeParse(json);
  return parsed.success ? new Set(parsed.data) : defaultMetricChoice();
}

/** The text stored for a choice: its keys in the spec's order, so the same choice is always the same text. */
export const serializeMetricChoice = (chosen: ReadonlySet<TLineItemMetric>): string =>
  JSON.stringify(LINE_ITEM_METRICS.filter((metric) => chosen.has(metric)));

function readStored(key: string | null): Set<TLineItemMetric> {
  if (key === null) return defaultMetricChoice();
  try {
    return parseMetricChoice(localStorage.getItem(key));
  } catch (error) {
    // Storage refused (a browser setting): the choice still works for this visit.
    console.warn('The metric choice could not be read.', error);
    return defaultMetricChoice();
  }
}

function writeStored(key: string | null, chosen: ReadonlySet<TLineItemMetric>): void {
  if (key === null) return;
  try {
    localStorage.setItem(key, serializeMetricChoice(chosen));
  } catch (error) {
    console.warn('The metric choice could not be saved.', error);
  }
}

/**
 * The signed-in user's line-item metric choice and its setter. The choice is held in state, so a browser
 * that refuses storage still changes columns; each change is written for the next visit.
 */
export function useMetricChoice(): [ReadonlySet<TLineItemMetric>, (next: ReadonlySet<TLineItemMetric>) => void] {
  const { userName } = useSession();
  const key = userName ? metricChoiceKey(userName) : null;
  const [state, setState] = useState<{ key: string | null; chosen: ReadonlySet<TLineItemMetric> }>(() => ({
    key,
    chosen: readStored(key),
  }));
  // Another user in the same tab (after a sign-out and sign-in) reads their own choice.
  if (state.key !== key) setState({ key, chosen: readStored(key) });
  const choose = (next: ReadonlySet<TLineItemMetric>): void => {
    setState({ key, chosen: next });
    writeStored(key, next);
  };
  return [state.key === key ? state.chosen : readStored(key), choose];
}
