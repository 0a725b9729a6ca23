import { ComingSoonPage } from '@/components/coming-soon-page';

/** Password reset (spec 000 §2 gives no heading: "Reset Password" is ours). Built in a later release; this route keeps its place in the table. */
export function Component() {
  return <ComingSoonPage heading="Reset Password" />;
}
