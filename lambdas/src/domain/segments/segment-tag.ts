/**
 * The bidder's segment pixel: a browser that loads it joins the segment named by `segment_key`
 * (the key the bidder gave the segment). `[CACHEBUSTER]` is replaced by the tag itself (script) or
 * by the advertiser's tag manager (image), so no cache answers in the bidder's place.
 */
export const SEGMENT_PIXEL_URL = 'https://segment.prod.bidr.io/associate-segment';

/** The pixel URL of a segment key, with the cache buster left as the `[CACHEBUSTER]` macro. */
export function segmentPixelUrl(segmentKey: string): string {
  // RFC 3986 encoding: quotes too, so a key can break out of neither the attribute nor the script string.
  const key = encodeURIComponent(segmentKey).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${SEGMENT_PIXEL_URL}?segment_key=${key}&value=0&ord=[CACHEBUSTER]`;
}

/**
 * The snippet an advertiser puts on their site (001 §3 `tag`), built from the bidder's segment key:
 * a 1x1 image pixel first, then a script form for sites whose tag manager takes only scripts (it
 * loads the same pixel with a fresh cache buster). The pages hide the first `<img ...>` (001 §2).
 */
export function segmentTag(segmentKey: string): string {
  const url = segmentPixelUrl(segmentKey);
  const scriptUrl = url.replace('[CACHEBUSTER]', "' + Date.now()");
  return [
    `<img src="${url}" width="1" height="1" style="display:none" alt="" />`,
    '<script type="text/javascript">',
    `  (function () { var pixel = new Image(1, 1); pixel.src = '${scriptUrl}; })();`,
    '</script>',
  ].join('\n');
}
