import { Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { memo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { paths } from '@/config/paths';
import { AddPaymentMethodDialog } from './add-payment-method-dialog';
import { brandLabel, NoCardBadge } from './card-summary';

/**
 * 'Invoices': /invoices?advertiser={id}, with the current address in router state for the invoices page's
 * back arrow. It alone follows the address (a campaign picked changes its query), not the whole panel.
 */
function InvoicesButton({ advertiserId }: { advertiserId: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() =>
        navigate(paths.invoices.getHref(advertiserId), { state: { from: `${location.pathname}${location.search}` } })
      }
    >
      Invoices
    </Button>
  );
}

/**
 * Payment card panel (000 §2): the masked last four digits and brand, or 'No Card'; the card's friendly
 * name; 'Add/Edit Payment Method' opens the dialog; 'Invoices' opens /invoices?advertiser={id} with the
 * current path in router state, so the invoices page's back arrow returns here.
 * Memoised: the page renders again as its other reads come in (the advertisers, the first screen), the
 * advertiser unchanged.
 */
export const PaymentCardPanel = memo(function PaymentCardPanel({ advertiser }: { advertiser: TAdvertiser }) {
  const [adding, setAdding] = useState(false);
  const card = advertiser.paymentMethod?.card;

  return (
    <Card.Root size="sm" aria-labelledby="payment-card-title">
      <Card.Header>
        <Card.Title id="payment-card-title" as="h2" fontSize="lg">
          Payment Method
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="1">
          {card ? (
            <Text fontWeight="medium" fontVariantNumeric="tabular-nums">
              <span aria-label={`${brandLabel(card.brand)} card ending in ${card.last4}`}>
                {`•••• •••• •••• ${card.last4}`}
              </span>{' '}
              <Text as="span" color="fg.muted" aria-hidden="true">
                {brandLabel(card.brand)}
              </Text>
            </Text>
          ) : (
            <div>
              <NoCardBadge />
            </div>
          )}
          {advertiser.advertiser_card_name ? (
            <Text color="fg.muted">{`Card name: ${advertiser.advertiser_card_name}`}</Text>
          ) : null}
        </Stack>
      </Card.Body>
      <Card.Footer>
        <HStack gap="3" wrap="wrap">
          <Button colorPalette="blue" size="sm" onClick={() => setAdding(true)}>
            Add/Edit Payment Method
          </Button>
          <InvoicesButton advertiserId={advertiser.bgAdvertiserId} />
        </HStack>
      </Card.Footer>
      <AddPaymentMethodDialog open={adding} onOpenChange={setAdding} advertiser={advertiser} />
    </Card.Root>
  );
});
