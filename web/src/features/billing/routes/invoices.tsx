import { ComingSoonPage } from '@/components/coming-soon-page';
import { useSession } from '@/lib/session/session-context';

/** Invoices (spec 000 §2: titled '{User} Invoices'). Built in a later release. */
export function Component() {
  const { userName } = useSession();
  return <ComingSoonPage heading={`${userName ?? ''} Invoices`.trim()} />;
}
