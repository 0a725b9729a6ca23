import { ComingSoonPage } from '@/components/coming-soon-page';

/** Segments logs of company matching (spec 000 §2). Built in a later release; this route keeps its place in the table. */
export function Component() {
  return <ComingSoonPage heading="Segments Logs" />;
}
