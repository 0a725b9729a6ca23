import { ComingSoonPage } from '@/components/coming-soon-page';

/** Terms of use (spec 001 §2, static). Built in a later release; this route keeps its place in the table. */
export function Component() {
  return <ComingSoonPage heading="Terms of Use" />;
}
