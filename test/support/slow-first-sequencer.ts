import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The integration files that take longest, longest first (measured on a fresh clone: the fuzz about
 * 130 s, the bidder faults 90 s, realtime 35 s, report sync 15 s, DynamoDB throttling 13 s). vitest
 * orders a fresh clone's files by size (it has no durations cached), which started the bidder faults
 * a minute late and left one worker idle at the end; started first, the two workers finish together.
 */
const SLOW_FIRST = [
  'test/integration/fuzz.test.ts',
  'test/integration/faults/bidder-faults.test.ts',
  'test/integration/realtime.test.ts',
  'test/integration/report-sync.test.ts',
  'test/integration/faults/dynamodb-throttling.test.ts',
];

const rank = (spec: TestSpecification): number => {
  const index = SLOW_FIRST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return index === -1 ? SLOW_FIRST.length : index;
};

/** vitest's own order (cached durations, else size), with the files known to be slow moved first. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Within each project (vitest keeps a project's files together); the sort is stable, so files
    // of equal rank keep vitest's order.
    const byProject = new Map<string, TestSpecification[]>();
    for (const spec of sorted) byProject.set(spec.project.name, [...(byProject.get(spec.project.name) ?? []), spec]);
    return [...byProject.values()].flatMap((specs) => specs.sort((a, b) => rank(a) - rank(b)));
  }
}
