import { isId } from '@bidgrid/shared/ids';
import { STORAGE_KEYS } from '@bidgrid/shared/constants';
import { paths } from '@/config/paths';

/**
 * The CRM (HubSpot) OAuth round trip of spec 000 §2/§4: before leaving for the provider, the advertiser
 * id is stored in local storage; the provider sends the user back to /advertisers with `code` (and our
 * signed `state`); that page forwards to the stored advertiser, whose page exchanges the code.
 */
export function rememberCrmAdvertiser(advertiserId: string): void {
  localStorage.setItem(STORAGE_KEYS.currentAdvertiserId, advertiserId);
}

/** The advertiser stored before the CRM redirect, or null when none (or something that is not an id). */
export function storedCrmAdvertiser(): string | null {
  const value = localStorage.getItem(STORAGE_KEYS.currentAdvertiserId);
  return isId('advertiser', value) ? value : null;
}

/** What the provider's return carries. `error` is set when the user cancelled on the provider's page. */
export interface CrmReturn {
  readonly code: string | null;
  readonly state: string | null;
  readonly error: string | null;
}

export function readCrmReturn(search: URLSearchParams): CrmReturn | null {
  const code = search.get('code');
  const error = search.get('error');
  if (!code && !error) return null;
  return { code, state: search.get('state'), error };
}

/**
 * Where /advertisers sends a CRM return: `/advertisers/{stored id}?code={value}` (000 §2), with the
 * `state` kept beside it so the server can check it; null when no advertiser was stored. A return
 * without a code (the user cancelled on the provider's page: `error=access_denied&state=...`) goes to
 * the advertiser with a clean address: there is nothing to exchange, and a leftover `state` would only
 * sit in the address bar and the history.
 */
export function crmReturnHref(crmReturn: CrmReturn): string | null {
  const advertiserId = storedCrmAdvertiser();
  if (!advertiserId) return null;
  if (crmReturn.error || !crmReturn.code) return paths.advertiser.getHref(advertiserId);
  return paths.advertiser.getHref(advertiserId, {
    code: crmReturn.code,
    state: crmReturn.state ?? undefined,
  });
}
