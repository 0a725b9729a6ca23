import type { THubspotPage } from '@bidgrid/shared/crm/crm.schema';

/** A URL without its query string and fragment: the page a UTM-tagged landing page points at. */
export const pageOf = (url: string): string => url.split('#')[0]?.split('?')[0] ?? '';

/** The CRM page a landing page is (with or without UTM parameters), if any. */
export const pageForUrl = (pages: readonly THubspotPage[], url: string): THubspotPage | undefined =>
  url === '' ? undefined : pages.find((page) => pageOf(page.url) === pageOf(url));
