import { ComingSoonPage } from '@/components/coming-soon-page';

/** Manage campaign templates (spec 001 §2; heading = its sidebar entry). Built in a later release; this route keeps its place in the table. */
export function Component() {
  return <ComingSoonPage heading="Edit Campaign Templates" />;
}
