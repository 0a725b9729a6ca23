import { Badge, Text } from '@chakra-ui/react';
import type { TPaymentMethodSummary } from '@bidgrid/shared/advertisers/advertiser.schema';

/** A card brand as people write it ('visa' -> 'Visa', 'amex' -> 'American Express'). */
export function brandLabel(brand: string): string {
  const known: Record<string, string> = {
    amex: 'American Express',
    diners: 'Diners Club',
    discover: 'Discover',
    jcb: 'JCB',
    mastercard: 'Mastercard',
    unionpay: 'UnionPay',
    visa: 'Visa',
  };
  return known[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** 'No Card' in the danger style of 000 §2, shown wherever an advertiser has no saved card. */
export function NoCardBadge() {
  return (
    <Badge colorPalette="red" variant="surface" color="red.800">
      No Card
    </Badge>
  );
}

/** The last four digits of the saved card (the list's Credit Card column), or 'No Card'. */
export function CardLastFour({ paymentMethod }: { paymentMethod: TPaymentMethodSummary | null }) {
  if (!paymentMethod) return <NoCardBadge />;
  return (
    <Text as="span" fontVariantNumeric="tabular-nums" aria-label={`Card ending in ${paymentMethod.card.last4}`}>
      {`•••• ${paymentMethod.card.last4}`}
    </Text>
  );
}
