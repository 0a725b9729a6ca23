/**
 * The conversion pixel of a campaign (000 §9): the image tag an advertiser puts on the page where a
 * conversion happens (thank-you, sign-up done). The URL is the bidder's own conversion tag, as the
 * server stored it when the campaign was made (`conversion_tag_url`): nothing here guesses a host.
 * Its bracketed macros are for the advertiser's tag manager: the order value, the number of items,
 * and a cache buster so every load reaches the bidder.
 */

/** Escapes text for a double-quoted HTML attribute or an HTML comment. */
const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/--/g, '- -');

/** The snippet for a campaign: the bidder's tag URL as is; the campaign name only labels the comment. */
export function conversionPixelSnippet(tagUrl: string, campaignName: string): string {
  return [
    `<!-- BidGrid conversion pixel: ${escapeHtml(campaignName)} -->`,
    `<img src="${escapeHtml(tagUrl)}" width="1" height="1" style="display:none" alt="" />`,
  ].join('\n');
}
