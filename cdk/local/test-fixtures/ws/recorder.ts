/** Events the WebSocket fixtures saw, shared with the test through the global object (one module graph or two). */
const key = Symbol.for('bidgrid.local.test.wsEvents');

type Holder = { [key]?: Array<Record<string, unknown>> };

/** Records one event. */
export function recordWsEvent(requestContext: Record<string, unknown>): void {
  const holder = globalThis as Holder;
  (holder[key] ??= []).push(requestContext);
}

/** The events recorded so far. */
export function recordedWsEvents(): ReadonlyArray<Record<string, unknown>> {
  return (globalThis as Holder)[key] ?? [];
}
