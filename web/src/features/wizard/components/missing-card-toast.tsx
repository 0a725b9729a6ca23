import { Link } from '@chakra-ui/react';
import { TOAST_MS } from '@bidgrid/shared/constants';
import { paths } from '@/config/paths';
import { toaster } from '@/lib/toaster';
import { WIZARD_MESSAGES as W } from '../wizard-messages';

const LINK_AT = W.missingCard.indexOf(W.missingCardLink);

/**
 * 001 §4, 000 §9: the missing-card message, a 20 s toast whose 'Go to the Advertiser Detail Page' links
 * to /advertisers/{id}. The toast region lives outside the router, so the link navigates with the
 * wizard's `navigate` (a page of the app, not a new load) and closes the toast. Answers the toast's id.
 */
export function showMissingCardToast(advertiserId: string, navigate: (to: string) => void): string {
  const href = paths.advertiser.getHref(advertiserId);
  const id = toaster.create({
    type: 'error',
    title: (
      <>
        {W.missingCard.slice(0, LINK_AT)}
        <Link
          href={href}
          color="inherit"
          textDecoration="underline"
          onClick={(event) => {
            event.preventDefault();
            toaster.dismiss(id);
            navigate(href);
          }}
        >
          {W.missingCardLink}
        </Link>
        {W.missingCard.slice(LINK_AT + W.missingCardLink.length)}
      </>
    ),
    duration: TOAST_MS.missingCard,
    closable: true,
  });
  return id;
}
