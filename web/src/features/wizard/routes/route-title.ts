/** The title a card or sidebar entry handed the page in router state (001 §1), or the flow's own. */
export function titleFromState(state: unknown, fallback: string): string {
  return typeof state === 'object' && state !== null && 'title' in state && typeof state.title === 'string'
    ? state.title
    : fallback;
}
