import * as discovery from '@hubspot/api-client/lib/src/discovery/oauth/OauthDiscovery.js';

type TOauthDiscovery = typeof discovery.default;

/**
 * HubSpot's OAuth API client from @hubspot/api-client, on its own: `new Client().oauth` is the same
 * class, but `Client` pulls every HubSpot API into the bundle (5.5 MB against 0.5 MB).
 * The module is CommonJS: bundlers unwrap its `default`, Node's ESM loader (tsx, the local stack)
 * hands the whole `exports` object over as `default`. The path names the file (`.js`): the package has no
 * exports map, and a strict ESM loader (Node's, Playwright's for the browser tests' seeding) resolves no
 * path without its extension.
 */
export const OauthDiscovery: TOauthDiscovery =
  (discovery.default as unknown as { default?: TOauthDiscovery }).default ?? discovery.default;
