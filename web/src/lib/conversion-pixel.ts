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

/**
 * Copies text to the clipboard: the async Clipboard API where the page may use it (https and loopback),
 * else the older selection copy. Resolves false when neither worked, so the caller can say so.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch (error) {
    console.error('Clipboard write refused', error);
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    // The deprecated command is the only copy path without the Clipboard API; false means refused.
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
