import { ComingSoonPage } from '@/components/coming-soon-page';

/** Public CRM card picker (spec 001 §2; opened from the CRM card, no login). Built in a later release; this route keeps its place in the table. */
export function Component() {
  return <ComingSoonPage heading="Select Campaign" />;
}
