/** Runs `tasks` with at most `size` in flight; the results in the tasks' order. */
export async function inPool<T>(tasks: ReadonlyArray<() => Promise<T>>, size: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, tasks.length) }, worker));
  return results;
}
