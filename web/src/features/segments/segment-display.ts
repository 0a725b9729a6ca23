import type { TEmailGroup } from '@bidgrid/shared/targeting/company.schema';
import { isHashedEmailsSegment, type TRetargetingSegment } from '@bidgrid/shared/segments/retargeting-segment.schema';

/**
 * The tag snippet as the pages show it (001 §2): without its first image tag (the pixel line), the
 * rest as it is. Copy still copies the whole snippet, pixel included: that is what goes on the site.
 */
export function visibleTag(tag: string): string {
  return tag.replace(/<img\b[^>]*>\s*/i, '').trim();
}

/** The visitor segments of a list: those described 'Hashed Emails for ...' are the CRM ones, hidden (001 §2). */
export function visitorSegments(segments: readonly TRetargetingSegment[]): TRetargetingSegment[] {
  return segments.filter((segment) => !isHashedEmailsSegment(segment));
}

/** How many e-mail addresses the groups hold (a CRM segment's size; its gate needs at least one). */
export function emailCount(groups: readonly TEmailGroup[] | undefined): number {
  return (groups ?? []).reduce((n, group) => n + group.emails.length, 0);
}
