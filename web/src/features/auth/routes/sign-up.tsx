import { ComingSoonPage } from '@/components/coming-soon-page';

/** Create account (spec 000 §2: 'Join the product', product = BidGrid). Built in a later release; this route keeps its place in the table. */
export function Component() {
  return <ComingSoonPage heading="Join BidGrid" />;
}
