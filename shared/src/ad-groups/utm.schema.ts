import * as z from '../zod';
import { optionalText, requiredText } from '../common/fields';

/** UTM builder (001 §5): campaign, content and medium required; source and term optional; all trimmed. */
export const ZUtmForm = z.object({
  campaign: requiredText(),
  content: requiredText(),
  medium: requiredText(),
  source: optionalText(),
  term: optionalText(),
});
export type TUtmFormInput = z.input<typeof ZUtmForm>;
export type TUtmForm = z.output<typeof ZUtmForm>;

/**
 * The chosen page's URL with its query string replaced by the UTM parameters, in the spec's order
 * (utm_campaign, utm_content, utm_medium, then utm_source and utm_term when given), each value trimmed
 * and URL-encoded. A fragment stays after the new query.
 */
export function buildUtmUrl(pageUrl: string, utm: TUtmForm): string {
  const url = pageUrl.trim();
  const hashAt = url.indexOf('#');
  const fragment = hashAt >= 0 ? url.slice(hashAt) : '';
  const beforeFragment = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const queryAt = beforeFragment.indexOf('?');
  const base = queryAt >= 0 ? beforeFragment.slice(0, queryAt) : beforeFragment;
  const pairs: Array<[string, string]> = [
    ['utm_campaign', utm.campaign],
    ['utm_content', utm.content],
    ['utm_medium', utm.medium],
    ['utm_source', utm.source],
    ['utm_term', utm.term],
  ];
  const query = pairs
    .map(([key, value]) => [key, value.trim()] as const)
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
  return `${base}?${query}${fragment}`;
}
