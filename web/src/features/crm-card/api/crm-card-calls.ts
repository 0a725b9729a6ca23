import { useCallback, useMemo } from 'react';
import { PICKER_TICKET_HEADER, type InputOf } from '@bidgrid/shared/api/operation';
import { addCompanyToCampaign, listCrmCardCampaigns } from '@bidgrid/shared/crm-card/crm-card.operations';
import { ApiError, type CallHeaders } from '@/lib/api/api-client';
import { useOperationMutation } from '@/lib/api/use-operation-mutation';
import { skipToken, useOperationQuery } from '@/lib/api/use-operation-query';

/**
 * The picker's credential: the page is public (no user token) and the browser cannot sign like HubSpot,
 * so both calls carry the ticket the server issued to the card's signed call.
 */
const ticketHeaders = (ticket: string): CallHeaders => ({ [PICKER_TICKET_HEADER]: ticket });

/**
 * 001 §7 GET /public/crmcard/campaigns?portalId: the portal's campaigns for 'Select Campaign'; nothing is
 * read while `portalId` is null (the picker's "campaigns fetched once portalId exists").
 */
export function useCrmCardCampaigns(portalId: number | null, ticket: string) {
  const headers = useMemo(() => ticketHeaders(ticket), [ticket]);
  return useOperationQuery(listCrmCardCampaigns, portalId === null ? skipToken : { query: { portalId } }, {
    // The campaigns' active flags may change behind the page's back: always ask.
    fetchPolicy: 'network-only',
    headers,
  });
}

/** 001 §7 GET /public/crmcard/add-company-to-campaign: the picker's Submit, with the page's ticket. */
export function useAddCompanyToCampaign(ticket: string) {
  const { mutate, loading, error, data } = useOperationMutation(addCompanyToCampaign);
  const add = useCallback(
    (input: InputOf<typeof addCompanyToCampaign>) => mutate(input, { headers: ticketHeaders(ticket) }),
    [mutate, ticket],
  );
  return { add, loading, error, data };
}

/** Whether a call failed because the server refused the link's ticket (expired, tampered, another company or portal). */
export const isPickerLinkRefused = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);
