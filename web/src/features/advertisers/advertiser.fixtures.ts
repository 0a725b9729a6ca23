import { ZAdvertiser, type TAdvertiser } from '@bidgrid/shared/entities/advertiser.schema';

/** An advertiser as the API sends it, checked against the contract so tests never drift from it. */
export function makeAdvertiser(overrides: Partial<TAdvertiser> = {}): TAdvertiser {
  return ZAdvertiser.parse({
    bgAdvertiserId: 'bgAdvertiser-acme',
    beeswaxAdvertiserId: 101,
    name: 'Acme Outdoor',
    createdBy: 'demo',
    createdAt: '2024-05-06T10:00:00.000Z',
    domain: 'acme.example',
    address_1: '1 Main Street',
    address_2: '',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    phone: '+1 555 010 0100',
    parentAgencyId: 'bgAgency-demo',
    category: 'IAB3',
    hubspot_authed: false,
    hubspot_portal_id: null,
    paymentMethod: null,
    advertiser_card_name: null,
    billingEmail: null,
    ...overrides,
  });
}
