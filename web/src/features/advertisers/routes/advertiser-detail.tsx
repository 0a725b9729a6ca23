import { ComingSoonPage } from '@/components/coming-soon-page';

/** Advertiser detail (spec 000 §2). Built in a later release; this route keeps its place in the table. */
export function Component() {
  return <ComingSoonPage heading="Account information" />;
}
