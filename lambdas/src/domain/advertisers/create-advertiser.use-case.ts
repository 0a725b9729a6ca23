import { ADVERTISER_CATEGORY } from '@bidgrid/shared/constants';
import { ZAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import type { TAdvertiserCreate } from '@bidgrid/shared/advertisers/advertiser-create.schema';
import { ID_PREFIX } from '@bidgrid/shared/constants';
import { VALIDATION_MESSAGES } from '@bidgrid/shared/common/messages';
import { isAdvertiserDomain } from '@bidgrid/shared/advertisers/advertiser-form.schema';
import { BadRequestError, ConflictError } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import { toPublicAdvertiser } from './advertiser-record.schema';
import type { AdvertiserRepository } from '../ports/advertiser.port';
import { atBidderThenStore } from '../vendors/bidder-first';
import type { BidderAdvertisers } from '../ports/bidder.port';

/** What every new advertiser starts with: the one bidder category, no CRM, no card, no billing email. */
export const NEW_ADVERTISER_STATE = {
  category: ADVERTISER_CATEGORY,
  hubspot_authed: false,
  hubspot_portal_id: null,
  paymentMethod: null,
  advertiser_card_name: null,
  billingEmail: null,
} as const;

/** The 409 of a client-made advertiser id another agency holds. */
export const ADVERTISER_ID_TAKEN = 'This advertiser id is already taken.';

/** The store refused the advertiser: its id is taken (a concurrent retry stored it first, or another agency). */
class IdTaken extends Error {
  override readonly name = 'IdTaken';
}

/** What creating an advertiser needs: the store (create without overwriting, read back on a retry), the bidder. */
export interface CreateAdvertiserDeps {
  advertisers: Pick<AdvertiserRepository, 'getAdvertiser' | 'putNewAdvertiser'>;
  bidder: BidderAdvertisers;
  now: () => Date;
  newAdvertiserId: () => string;
  log: Logger;
}

// A client-made id is kept only when it looks freshly generated (`bgAdvertiser-` + a UUID): then a
// retried request finds its first attempt instead of creating a twin, and nobody can pick a
// readable id (such as a seeded one) for an advertiser of their own.
const CLIENT_ID = new RegExp(
  `^${ID_PREFIX.advertiser}[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`,
  'i',
);

/**
 * `POST /advertiser/create` (000 §3, §5, §7): checks the domain rule (the body's schema has already
 * checked the phone and made it E.164), creates the advertiser at the bidder (category 'IAB3'), then
 * stores it with the bidder's id under the caller's agency, created by the caller. The bidder comes first so that a bidder failure leaves nothing behind; if the store
 * write fails after it, the bidder's advertiser is deleted again. A retry with the same client id
 * answers the advertiser already created.
 */
export async function createAdvertiser(
  input: { caller: { username: string; agencyId: string }; body: TAdvertiserCreate },
  deps: CreateAdvertiserDeps,
): Promise<TAdvertiser> {
  const { body, caller } = input;
  if (!isAdvertiserDomain(body.domain)) {
    throw new BadRequestError(VALIDATION_MESSAGES.advertiserDomain, { domain: [VALIDATION_MESSAGES.advertiserDomain] });
  }
  const clientId =
    body.bgAdvertiserId !== undefined && CLIENT_ID.test(body.bgAdvertiserId) ? body.bgAdvertiserId : null;
  if (clientId) {
    const existing = await deps.advertisers.getAdvertiser(caller.agencyId, clientId);
    if (existing) return toPublicAdvertiser(existing);
  }
  const advertiserId = clientId ?? deps.newAdvertiserId();

  let beeswaxAdvertiserId: number | undefined;
  const advertiserOf = (bidderId: number): TAdvertiser =>
    // Parsing checks the ids the token and the generator gave, and types them as the contract's ids.
    ZAdvertiser.parse({
      bgAdvertiserId: advertiserId,
      beeswaxAdvertiserId: bidderId,
      name: body.name,
      createdBy: caller.username,
      createdAt: deps.now().toISOString(),
      domain: body.domain,
      address_1: body.address_1,
      address_2: body.address_2,
      city: body.city,
      state: body.state,
      zip: body.zip,
      phone: body.phone,
      parentAgencyId: caller.agencyId,
      ...NEW_ADVERTISER_STATE,
    });
  try {
    return await atBidderThenStore(
      {
        what: `advertiser ${advertiserId}`,
        async atBidder() {
          beeswaxAdvertiserId = await deps.bidder.createAdvertiser({
            name: body.name,
            ourId: advertiserId,
            category: ADVERTISER_CATEGORY,
            domain: body.domain,
            active: true,
          });
        },
        async store() {
          const advertiser = advertiserOf(beeswaxAdvertiserId as number);
          if (!(await deps.advertisers.putNewAdvertiser(caller.agencyId, advertiser))) throw new IdTaken();
          return advertiser;
        },
        async undoAtBidder() {
          // Nothing refers to it: the store holds no advertiser of it (or one a concurrent retry made).
          if (beeswaxAdvertiserId !== undefined) await deps.bidder.deleteAdvertiser(beeswaxAdvertiserId);
        },
      },
      deps.log,
    );
  } catch (error) {
    if (!(error instanceof IdTaken)) throw error;
    // A concurrent retry with the same client id stored its own first: answer that one. Otherwise
    // another agency holds the id (ids are reserved across agencies): 409, never a second advertiser.
    const existing = await deps.advertisers.getAdvertiser(caller.agencyId, advertiserId);
    if (existing) return toPublicAdvertiser(existing);
    throw new ConflictError(ADVERTISER_ID_TAKEN, { internalMessage: `Advertiser id ${advertiserId} is taken` });
  }
}
