/**
 * Adds an item to a checkbox list's chosen items or takes it out (order kept, a checked item moved
 * last, never twice); the list given is left as it was.
 */
export function toggleItem<T>(items: readonly T[], item: T, checked: boolean): T[] {
  const others = items.filter((one) => one !== item);
  return checked ? [...others, item] : others;
}

/** The same for a set of chosen keys (a table's include toggles): a new set with `key` in or out. */
export function toggleMember<T>(members: ReadonlySet<T>, key: T, checked: boolean): Set<T> {
  const next = new Set(members);
  if (checked) next.add(key);
  else next.delete(key);
  return next;
}
