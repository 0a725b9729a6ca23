import { ComingSoonPage } from '@/components/coming-soon-page';

/** Custom campaign page (spec 001 §2). Built in a later release; this route keeps its place in the table. */
export function Component() {
  return <ComingSoonPage heading="Select all relevant types of targeting you want to include in this campaign." />;
}
