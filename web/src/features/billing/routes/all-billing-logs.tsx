import { ComingSoonPage } from '@/components/coming-soon-page';

/** All billing logs (spec 000 §2). Built in a later release; this route keeps its place in the table. */
export function Component() {
  return <ComingSoonPage heading="All Billing Logs" />;
}
