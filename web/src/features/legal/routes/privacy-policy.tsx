import { ComingSoonPage } from '@/components/coming-soon-page';

/** Privacy policy (spec 001 §2, static). Built in a later release; this route keeps its place in the table. */
export function Component() {
  return <ComingSoonPage heading="Privacy Policy" />;
}
