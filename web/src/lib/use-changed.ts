import { useState } from 'react';

/**
 * True in the render where one of `deps` differs (Object.is) from the render before, for state that
 * belongs to the old values: the caller resets it right there, while rendering, instead of in an effect
 * that would show the stale state for a commit first (React's "adjusting some state when a prop
 * changes", https://react.dev/learn/you-might-not-need-an-effect). React renders the component again at
 * once with the adjusted state; false on the first render.
 *
 *   const advertiserChanged = useChanged([advertiserId]);
 *   if (advertiserChanged) setListId('');
 */
export function useChanged(deps: readonly unknown[]): boolean {
  const [seen, setSeen] = useState(deps);
  const changed = deps.length !== seen.length || deps.some((dep, index) => !Object.is(dep, seen[index]));
  if (changed) setSeen(deps);
  return changed;
}
