import * as z from '../zod';
import { bidderName, requiredText } from '../common/fields';
import { VALIDATION_MESSAGES as M } from '../common/messages';
import { afterValid } from '../common/when';

/**
 * A publication (domain list) entry (001 §5): optional scheme and `www.`, a name of 3+ characters
 * (letters, digits, dots, hyphens; no leading/trailing dot or hyphen, no empty label), a top-level
 * part of 2+ letters, optional port and path.
 */
export const PUBLICATION_DOMAIN_PATTERN =
  /^(?:https?:\/\/)?(?:www\.)?(?!.*\.\.)[a-z0-9][a-z0-9.-]+[a-z0-9]\.[a-z]{2,}(?::\d{1,5})?(?:\/\S*)?$/i;

/** Splits the domains box on spaces, new lines and commas, dropping blanks. */
export function splitDomainInput(text: string): string[] {
  return text.split(/[\s,]+/).filter((domain) => domain !== '');
}

/**
 * Removes duplicates, keeping the first spelling and the order. Domains compare case-insensitively
 * (DNS does), so `CNN.com` and `cnn.com` are one domain.
 */
export function dedupeDomains(domains: readonly string[], alreadyPresent: readonly string[] = []): string[] {
  const seen = new Set(alreadyPresent.map((domain) => domain.toLowerCase()));
  const kept: string[] = [];
  for (const domain of domains) {
    const key = domain.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(domain);
  }
  return kept;
}

/** The domains as typed (a text box) or as sent (an array), trimmed into a list. */
const domainsInput = z.pipe(
  z.union([z.string(), z.array(z.string())], { error: M.required }),
  z.transform((value) =>
    typeof value === 'string' ? splitDomainInput(value) : value.map((domain) => domain.trim()).filter(Boolean),
  ),
);

/**
 * Create a custom publication list (001 §5): name and domains required; every domain must match the
 * pattern, else one message for the box; duplicates are removed from the output (what is sent).
 */
export const ZPublicationListCreateForm = z.object({
  name: bidderName(),
  domains: z.pipe(
    domainsInput.check((ctx) => {
      if (ctx.value.length === 0) {
        ctx.issues.push({ code: 'custom', input: ctx.value, message: M.required, continue: false });
      } else if (!ctx.value.every((domain) => PUBLICATION_DOMAIN_PATTERN.test(domain))) {
        ctx.issues.push({ code: 'custom', input: ctx.value, message: M.publicationDomainsInvalid });
      }
    }),
    z.transform((domains) => dedupeDomains(domains)),
  ),
});
export type TPublicationListCreateFormInput = z.input<typeof ZPublicationListCreateForm>;
export type TPublicationListCreateForm = z.output<typeof ZPublicationListCreateForm>;

/**
 * Edit a custom publication list (001 §5): the list is required; new domains are optional with the
 * same validation (and come out without duplicates, nor domains the list already has); existing
 * domains, editable in place, must each be non-empty and valid, and unique within the list. Extra
 * fields of an existing domain (its ids, active flag) are kept.
 */
export const ZPublicationListEditForm = z.pipe(
  z.object({
    domainListId: requiredText(),
    newDomains: z.optional(domainsInput).check((ctx) => {
      if (ctx.value && !ctx.value.every((domain) => PUBLICATION_DOMAIN_PATTERN.test(domain))) {
        ctx.issues.push({ code: 'custom', input: ctx.value, message: M.publicationDomainsInvalid });
      }
    }),
    existingDomains: z._default(z.array(z.looseObject({ domain: requiredText() })), []).check(
      // Read once every domain is there: an emptied one says 'Required field.' alone.
      afterValid(
        z.check<{ domain: string }[]>((ctx) => {
          const domains = ctx.value.map((item) => item.domain);
          if (!domains.every((domain) => PUBLICATION_DOMAIN_PATTERN.test(domain))) {
            ctx.issues.push({ code: 'custom', input: ctx.value, message: M.publicationDomainsInvalid });
          }
          if (dedupeDomains(domains).length !== domains.length) {
            ctx.issues.push({ code: 'custom', input: ctx.value, message: M.publicationDomainsNotUnique });
          }
        }),
      ),
    ),
  }),
  z.transform((values) => ({
    ...values,
    newDomains: dedupeDomains(
      values.newDomains ?? [],
      values.existingDomains.map((item) => item.domain),
    ),
  })),
);
export type TPublicationListEditFormInput = z.input<typeof ZPublicationListEditForm>;
export type TPublicationListEditForm = z.output<typeof ZPublicationListEditForm>;
