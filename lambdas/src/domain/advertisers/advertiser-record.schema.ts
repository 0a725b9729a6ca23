import * as z from '@bidgrid/shared/zod';
import { ZAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { ZIsoDate, ZIsoDateTime } from '@bidgrid/shared/common/common.schema';

/**
 * An advertiser as stored: the API fields plus what stays on the server (the payment customer and
 * method, the billing marker and a refused card). `toPublicAdvertiser` drops the server part.
 */
export const ZAdvertiserRecord = z.extend(ZAdvertiser, {
  stripeCustomerId: z._default(z.nullable(z.string()), null),
  stripePaymentMethodId: z._default(z.nullable(z.string()), null),
  /** Last day (inclusive) whose delivered spend was charged; null before the first charge. */
  billedThrough: z._default(z.nullable(ZIsoDate), null),
  lastChargedAt: z._default(z.nullable(ZIsoDateTime), null),
  /** The card a charge was refused on: billing waits until another card is saved. */
  billingBlockedPaymentMethodId: z._default(z.nullable(z.string()), null),
});
export type TAdvertiserRecord = z.infer<typeof ZAdvertiserRecord>;

/** The advertiser as the API shows it: never the payment customer, card id or billing state. */
export function toPublicAdvertiser(record: TAdvertiserRecord): TAdvertiser {
  return ZAdvertiser.parse(record);
}
