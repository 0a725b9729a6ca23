import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, EmptyState, Flex, hubspot, List, LoadingSpinner, Tag, Text } from '@hubspot/ui-extensions';
import {
  CARD_FETCH_TIMEOUT_MS,
  COMPANY_PROPERTIES,
  campaignLabel,
  campaignsUrl,
  pickerModal,
  pickerTicketBody,
  pickerTicketsUrl,
  readCampaignsReply,
  readPickerTicketReply,
  type CardCampaign,
} from './card-logic';
import { BIDGRID_API_URL } from './deployment';

/**
 * The BidGrid app card on company records: the portal's BidGrid campaigns, and a button that opens
 * the campaign picker for this company. Every call goes through `hubspot.fetch`, which signs it
 * (v3) and appends portalId, userId, userEmail and appId; the card sends no identity of its own.
 * The logic is in `card-logic.ts` (tested by the monorepo's vitest); this file only wires it to
 * HubSpot's SDK (type-checked and linted with the monorepo: the card folder is one of its workspaces).
 */
hubspot.extend<'crm.record.tab'>(({ actions }) => <BidGridCampaignsCard actions={actions} />);

/** The two card actions used here (HubSpot's `actions` object has more). */
interface Actions {
  fetchCrmObjectProperties(properties: string[]): Promise<Record<string, string | null>>;
  openIframeModal(modal: ReturnType<typeof pickerModal>, onClose?: () => void): void;
}

type Load<T> = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; value: T };

function BidGridCampaignsCard({ actions }: { actions: Actions }) {
  const [company, setCompany] = useState<Load<Record<string, string | null>>>({ state: 'loading' });
  const [campaigns, setCampaigns] = useState<Load<CardCampaign[]>>({ state: 'loading' });
  const [opening, setOpening] = useState(false);
  const [pickerError, setPickerError] = useState<string | null>(null);

  useEffect(() => {
    actions
      .fetchCrmObjectProperties([...COMPANY_PROPERTIES])
      .then((properties) => setCompany({ state: 'ready', value: properties }))
      .catch(() => setCompany({ state: 'failed', message: 'The company record could not be read.' }));
  }, [actions]);

  useEffect(() => {
    if (!BIDGRID_API_URL) return;
    hubspot
      .fetch(campaignsUrl(BIDGRID_API_URL), { method: 'GET', timeout: CARD_FETCH_TIMEOUT_MS })
      .then(async (response) => {
        const read = readCampaignsReply(response.status, await response.json().catch(() => null));
        setCampaigns(read.ok ? { state: 'ready', value: read.value } : { state: 'failed', message: read.message });
      })
      .catch(() => setCampaigns({ state: 'failed', message: 'BidGrid could not be reached. Try again later.' }));
  }, []);

  const openPicker = useCallback(async () => {
    if (!BIDGRID_API_URL || company.state !== 'ready') return;
    const body = pickerTicketBody(company.value);
    if (!body.ok) return setPickerError(body.message);
    setOpening(true);
    setPickerError(null);
    try {
      const response = await hubspot.fetch(pickerTicketsUrl(BIDGRID_API_URL), {
        method: 'POST',
        body: body.value,
        timeout: CARD_FETCH_TIMEOUT_MS,
      });
      const read = readPickerTicketReply(response.status, await response.json().catch(() => null));
      if (!read.ok) return setPickerError(read.message);
      actions.openIframeModal(pickerModal(read.value.pickerUrl));
    } catch {
      setPickerError('BidGrid could not be reached. Try again later.');
    } finally {
      setOpening(false);
    }
  }, [actions, company]);

  if (!BIDGRID_API_URL) {
    return (
      <EmptyState title="BidGrid is not configured" layout="vertical">
        <Text>Run hubspot/scripts/configure.mjs for your BidGrid stage and upload the project again.</Text>
      </EmptyState>
    );
  }
  if (company.state === 'loading' || campaigns.state === 'loading') return <LoadingSpinner label="Loading BidGrid" />;

  const blocked = company.state === 'ready' ? pickerTicketBody(company.value) : null;
  return (
    <Flex direction="column" gap="medium">
      {company.state === 'failed' && (
        <Alert title="Company" variant="error">
          {company.message}
        </Alert>
      )}
      {campaigns.state === 'failed' ? (
        <Alert title="Campaigns" variant="error">
          {campaigns.message}
        </Alert>
      ) : campaigns.value.length === 0 ? (
        <Text>No BidGrid campaign is open to companies from this HubSpot account.</Text>
      ) : (
        <List variant="unordered-styled">
          {campaigns.value.map((campaign) => (
            <Flex key={campaign.bgCampaignId} gap="small" align="center">
              <Text>{campaignLabel(campaign)}</Text>
              {!campaign.active && <Tag variant="warning">Inactive</Tag>}
            </Flex>
          ))}
        </List>
      )}
      {blocked && !blocked.ok && <Text variant="microcopy">{blocked.message}</Text>}
      {pickerError && (
        <Alert title="Picker" variant="error">
          {pickerError}
        </Alert>
      )}
      <Button
        variant="primary"
        disabled={opening || !blocked || !blocked.ok || campaigns.state !== 'ready' || campaigns.value.length === 0}
        onClick={() => void openPicker()}
      >
        Add to a campaign
      </Button>
    </Flex>
  );
}
