import { PRODUCT_NAME } from '@bidgrid/shared/constants';

/** Card networks show at most 22 characters of a statement descriptor. */
export const STATEMENT_DESCRIPTOR_MAX = 22;
/** The account's descriptor prefix (set on the Stripe account): the product name, upper-cased. */
export const STATEMENT_DESCRIPTOR_PREFIX = PRODUCT_NAME.toUpperCase();
/** Room for the suffix: the full descriptor is `{prefix} {suffix}` within 22 characters. */
export const STATEMENT_DESCRIPTOR_SUFFIX_MAX = STATEMENT_DESCRIPTOR_MAX - STATEMENT_DESCRIPTOR_PREFIX.length - 1;
const FALLBACK_SUFFIX = 'ADS';

/** `text` cut to `max` characters, at a word boundary when the cut would split a word. */
function fitWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return (text[max] === ' ' || lastSpace <= 0 ? cut : cut.slice(0, lastSpace)).trim();
}

/**
 * The descriptor suffix for an advertiser: Latin letters, digits and spaces only (accents dropped,
 * so none of `< > \ ' " *` and nothing a network would reject), upper-cased, collapsed, cut to fit (between words when it can),
 * and with at least one letter (Stripe requires one).
 */
export function statementDescriptorSuffix(advertiserName: string): string {
  const cleaned = advertiserName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();
  const cut = fitWords(cleaned, STATEMENT_DESCRIPTOR_SUFFIX_MAX);
  return /[A-Z]/.test(cut) ? cut : FALLBACK_SUFFIX;
}

/** The full descriptor the card statement shows, as the billing log records it. */
export function statementDescriptor(advertiserName: string): string {
  return `${STATEMENT_DESCRIPTOR_PREFIX} ${statementDescriptorSuffix(advertiserName)}`;
}
