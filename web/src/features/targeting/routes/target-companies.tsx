import { ComingSoonPage } from '@/components/coming-soon-page';

/** Target companies (spec 001 §2). Built in a later release; this route keeps its place in the table. */
export function Component() {
  return <ComingSoonPage heading="Target Companies" />;
}
