import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import type { TAdvertiserRecord } from '../advertisers/advertiser-record.schema';
import type { TPage, TPageRequest } from './page.port';

/** The card fields the payment dialog saves. */
export interface TSavedCard {
  paymentMethodId: string;
  last4: string;
  brand: string;
  friendlyName: string;
  billingEmail: string;
}

/** An entry of the billing work list. */
export interface TBillableAdvertiser {
  agencyId: string;
  advertiserId: string;
}

/** The advertisers of the store, always addressed by the caller's agency. */
export interface AdvertiserRepository {
  getAdvertiser(agencyId: string, advertiserId: string): Promise<TAdvertiserRecord | null>;
  /** One page of the agency's advertisers, in the store's order. */
  listAdvertisers(agencyId: string, page: TPageRequest): Promise<TPage<TAdvertiserRecord>>;
  /**
   * Writes a new advertiser; false when the id is taken, in this agency or by another (ids are reserved
   * across agencies; nothing is overwritten).
   */
  putNewAdvertiser(agencyId: string, advertiser: TAdvertiser): Promise<boolean>;
  /**
   * Records the advertiser's payment customer unless it has one; returns the stored customer id
   * (the existing one when two requests raced), or null when the advertiser does not exist.
   */
  setStripeCustomer(agencyId: string, advertiserId: string, customerId: string): Promise<string | null>;
  /**
   * Saves the card of the advertiser whose payment customer is `customerId`, lifts any billing block
   * and lists the advertiser for billing; null when no such advertiser.
   */
  saveCard(
    agencyId: string,
    advertiserId: string,
    customerId: string,
    card: TSavedCard,
  ): Promise<TAdvertiserRecord | null>;
  /** Updates the card summary if `paymentMethodId` is still the saved card; false otherwise. */
  updateCardSummary(
    agencyId: string,
    advertiserId: string,
    paymentMethodId: string,
    card: { last4: string; brand: string },
  ): Promise<boolean>;
  /** Removes the saved card if `paymentMethodId` is still it (detached at the provider); false otherwise. */
  clearCard(agencyId: string, advertiserId: string, paymentMethodId: string): Promise<boolean>;
  /** Every advertiser with a saved card, all agencies (billing job). */
  listBillable(): Promise<TBillableAdvertiser[]>;
  /**
   * Moves the billing marker from `previous` to `next` (conditional: a concurrent run that moved it
   * first wins); false when the marker was not `previous`.
   */
  advanceBilledThrough(
    agencyId: string,
    advertiserId: string,
    previous: string | null,
    next: string,
    chargedAt: string,
  ): Promise<boolean>;
  /** Stops billing on this card until another one is saved (declined or authentication required). */
  blockBilling(agencyId: string, advertiserId: string, paymentMethodId: string): Promise<void>;
}

/** Reads one advertiser of an agency (most use cases need no more). */
export type AdvertiserReader = Pick<AdvertiserRepository, 'getAdvertiser'>;
