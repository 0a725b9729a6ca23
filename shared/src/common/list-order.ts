/**
 * The orders of the lists the server sorts (the spec gives none; these are ours). A paged list comes one
 * page at a time in its store's order, each page sorted by one of these; a client that joins the pages
 * sorts the whole list with the same comparator, so the server and the web agree on "the first campaign",
 * "the newest ad group" and the rest.
 */

/** Newest first by creation time (ISO text sorts as time): ad groups, creatives, ad-group templates. */
export const compareNewestFirst = (a: { createdAt: string }, b: { createdAt: string }): number =>
  b.createdAt.localeCompare(a.createdAt);

/**
 * The dashboard's campaigns: newest first by creation, then start date, then name, so "the first
 * campaign" the dashboard picks is the latest one.
 */
export const compareCampaignsNewestFirst = (
  a: { createdAt?: string | undefined; start_date: string; name: string },
  b: { createdAt?: string | undefined; start_date: string; name: string },
): number =>
  (b.createdAt ?? '').localeCompare(a.createdAt ?? '') ||
  b.start_date.localeCompare(a.start_date) ||
  a.name.localeCompare(b.name);

/** Line items by name (what a person scans for in a table of companies), then by bidder id. */
export const compareLineItemsByName = (
  a: { line_item_name: string; beeswaxLineItemId: number },
  b: { line_item_name: string; beeswaxLineItemId: number },
): number => a.line_item_name.localeCompare(b.line_item_name) || a.beeswaxLineItemId - b.beeswaxLineItemId;

/** By name, then by id: the creative templates of an ad-group template. */
export const compareByName = (a: { name: string; id: string }, b: { name: string; id: string }): number =>
  a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
