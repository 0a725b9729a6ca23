import * as z from '../zod';
import { requiredText } from '../common/fields';
import { VALIDATION_MESSAGES as M } from '../common/messages';
import { afterValid } from '../common/when';

/**
 * Landing page URL (001 §5): optional http/https scheme; a domain whose labels neither start nor end
 * with a hyphen and whose ending has 2+ letters; optional port; a path of letters, digits and
 * `- . _ ~ % / +` only; then an optional query and fragment ("parameters"), where the spec allows
 * special characters and spaces.
 */
export const LANDING_PAGE_URL_PATTERN =
  /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?(?:\/[\w\-.~%/+]*)?(?:\?[^#]*)?(?:#.*)?$/i;

/**
 * A landing page URL: trimmed, required, matching the pattern. Spaces the spec lets through in the
 * parameters are encoded (`%20`) so the stored click URL works.
 */
export const ZLandingPageUrl = z.pipe(
  requiredText().check(afterValid(z.regex(LANDING_PAGE_URL_PATTERN, M.invalidUrl))),
  z.transform((url) => url.replaceAll(' ', '%20')),
);

/** The custom-URL form of the Landing Page step and of the dashboard's landing page editor. */
export const ZLandingPageForm = z.object({
  landingPage: ZLandingPageUrl,
});
export type TLandingPageForm = z.output<typeof ZLandingPageForm>;
