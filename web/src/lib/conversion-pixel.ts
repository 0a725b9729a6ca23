/**
 * The conversion pixel of a campaign (000 §9: "a snippet using the campaign's pixel_event_id"): the
 * image tag an advertiser puts on the page where a conversion happens (thank-you, sign-up done). The
 * bidder counts a conversion each time the image loads and attributes it to the campaign's views and
 * clicks. The bracketed macros are for the advertiser's tag manager: the order value, an order id to
 * de-duplicate, and a cache buster so every load reaches the bidder.
 */

/** Where the bidder receives conversion events (the bidder's event host, `/log/act/{event id}`). */
export const CONVERSION_PIXEL_BASE_URL = 'https://event.prod.bidr.io/log/act';

/** Escapes text for a double-quoted HTML attribute or an HTML comment. */
const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/--/g, '- -');

/** The snippet for a campaign; the event id is URL-encoded, the campaign name only labels the comment. */
export function conversionPixelSnippet(pixelEventId: string, campaignName: string): string {
  const src = `${CONVERSION_PIXEL_BASE_URL}/${encodeURIComponent(pixelEventId)}?value=[CONVERSION_VALUE]&order_id=[ORDER_ID]&ord=[CACHEBUSTER]`;
  return [
    `<!-- BidGrid conversion pixel: ${escapeHtml(campaignName)} -->`,
    `<img src="${escapeHtml(src)}" width="1" height="1" style="display:none" alt="" />`,
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
