import { Button, Card, HStack, Text } from '@chakra-ui/react';
import { memo, useState } from 'react';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CRM_NOT_CONNECTED, crmAccountText, crmDisconnectQuestion } from '../advertiser-messages';
import { useDeleteHubspotTokens, useHubspotAuthUrl } from '../api/advertiser-calls';
import { rememberCrmAdvertiser } from '../crm-return';

/** Leaves the app for the provider's authorization page (a full navigation, as OAuth needs). */
const leaveForProvider = (url: string): void => window.location.assign(url);

/**
 * CRM connection card (000 §2, §4): 'Account ID: {portal id}' or 'Not Connected'; Connect (or Update
 * when connected) stores the advertiser id and goes to the provider's authorization page; Disconnect,
 * after its confirmation, deletes the tokens. `exchanging` is true while a returned code is exchanged.
 * Memoised: the page renders again as its other reads come in (the advertisers, the first screen), the
 * advertiser unchanged.
 */
export const CrmConnectionCard = memo(function CrmConnectionCard({
  advertiser,
  exchanging = false,
  onLeave = leaveForProvider,
}: {
  advertiser: TAdvertiser;
  exchanging?: boolean;
  onLeave?: (url: string) => void;
}) {
  const [leaving, setLeaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { mutate: authUrl } = useHubspotAuthUrl();
  const { mutate: deleteTokens, loading: disconnecting } = useDeleteHubspotTokens();
  const connected = advertiser.hubspot_authed && advertiser.hubspot_portal_id !== null;

  const connect = async (): Promise<void> => {
    setLeaving(true);
    rememberCrmAdvertiser(advertiser.bgAdvertiserId);
    try {
      const url = await authUrl({ params: { advertiserId: advertiser.bgAdvertiserId } });
      // Only a web page may be opened: never a javascript: or data: URL, whoever sent it.
      if (!/^https?:\/\//i.test(url)) throw new Error(`Refused authorization URL ${url}`);
      onLeave(url);
    } catch (error) {
      console.error('The HubSpot authorization could not start', error);
      setLeaving(false);
    }
  };

  const disconnect = async (): Promise<void> => {
    try {
      await deleteTokens({ body: { bgAdvertiserId: advertiser.bgAdvertiserId } });
      setConfirming(false);
    } catch {
      // The API error toast tells what failed; the dialog stays so the user can retry or cancel.
    }
  };

  return (
    <Card.Root size="sm" aria-labelledby="crm-card-title">
      <Card.Header>
        <Card.Title id="crm-card-title" as="h2" fontSize="lg">
          HubSpot CRM
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <Text fontWeight="medium" color={connected ? 'fg' : 'fg.muted'}>
          {exchanging
            ? 'Connecting…'
            : connected
              ? crmAccountText(advertiser.hubspot_portal_id as number)
              : CRM_NOT_CONNECTED}
        </Text>
      </Card.Body>
      <Card.Footer>
        <HStack gap="3" wrap="wrap">
          <Button
            colorPalette="blue"
            size="sm"
            loading={leaving}
            disabled={exchanging || disconnecting}
            onClick={() => void connect()}
          >
            {connected ? 'Update' : 'Connect'}
          </Button>
          {connected ? (
            <Button
              variant="outline"
              colorPalette="red"
              size="sm"
              disabled={exchanging || leaving}
              onClick={() => setConfirming(true)}
            >
              Disconnect
            </Button>
          ) : null}
        </HStack>
      </Card.Footer>
      <ConfirmDialog
        open={confirming}
        title={crmDisconnectQuestion(advertiser.name)}
        confirmLabel="Disconnect"
        cancelLabel="Cancel"
        confirmPalette="red"
        busy={disconnecting}
        busyLabel="Disconnecting"
        onCancel={() => setConfirming(false)}
        onConfirm={() => void disconnect()}
      >
        Campaigns of this advertiser stop receiving changes from the HubSpot account.
      </ConfirmDialog>
    </Card.Root>
  );
});
