/** Shared state of the job fixtures and the job runner test (kept on the global object). */
export interface JobProbe {
  runs: number;
  active: number;
  maxActive: number;
  fail: boolean;
  lastDetailType: string | undefined;
  /** Runs wait for this before finishing. */
  gate: Promise<void>;
}

const key = Symbol.for('bidgrid.local.test.jobProbe');
type Holder = { [key]?: JobProbe };

/** The probe (created on first use). */
export function jobProbe(): JobProbe {
  const holder = globalThis as Holder;
  holder[key] ??= { runs: 0, active: 0, maxActive: 0, fail: false, lastDetailType: undefined, gate: Promise.resolve() };
  return holder[key];
}
