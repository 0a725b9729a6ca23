import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TOAST_MS } from '@bidgrid/shared/constants';
import { toaster } from '@/lib/toaster';
import { useSaveHubspotTokens } from '../api/advertiser-calls';

/**
 * The end of the CRM connection (000 §4 "return with a code query parameter, tokens exchanged,
 * connected"): with `code` and `state` in the advertiser page's URL, POST /hubspot/oauthtokens once,
 * then drop both from the URL (replace, so Back never repeats the exchange). True while exchanging.
 */
export function useCrmCodeExchange(advertiserId: string): boolean {
  const [searchParams, setSearchParams] = useSearchParams();
  const code = searchParams.get('code');
  const state = searchParams.get('state');
  const { mutate: saveTokens } = useSaveHubspotTokens();
  // A code is single-use: the ref keeps a re-render (or Strict Mode's second effect run) from resending it.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!code || handled.current === code) return;
    handled.current = code;
    const clearQuery = (): void =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('code');
          next.delete('state');
          return next;
        },
        { replace: true },
      );
    if (!state) {
      toaster.create({
        type: 'warning',
        title: 'The HubSpot account was not connected.',
        description: 'Please start the connection again.',
        duration: TOAST_MS.gate,
        closable: true,
      });
      clearQuery();
      return;
    }
    saveTokens({ body: { code, state, bgAdvertiserId: advertiserId } })
      .then((advertiser) => {
        const portalId = advertiser.hubspot_portal_id;
        toaster.create({
          type: 'success',
          title: portalId ? `HubSpot account ${portalId} is connected.` : 'The HubSpot account is connected.',
          duration: TOAST_MS.default,
          closable: true,
        });
      })
      .catch(() => {
        // The API error toast shows why; the card stays 'Not Connected'.
      })
      .finally(clearQuery);
  }, [code, state, advertiserId, saveTokens, setSearchParams]);

  // A code with its state stays in the URL until its exchange is over.
  return code !== null && state !== null;
}
