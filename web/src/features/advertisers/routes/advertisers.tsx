import { ComingSoonPage } from '@/components/coming-soon-page';

/** Advertisers list (spec 000 §2). Built in a later release; this route keeps its place in the table. */
export function Component() {
  return <ComingSoonPage heading="Advertisers" />;
}
