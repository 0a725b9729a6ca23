import { gql, type TypedDocumentNode } from '@apollo/client';
import type { TAdvertiser, TAdvertiserCreate } from '@bidgrid/shared/entities/advertiser.schema';
import type { TPaymentSave } from '@bidgrid/shared/entities/payment.schema';

/** Every field of the advertiser entity (000 §3); the cache keys advertisers by `bgAdvertiserId`. */
const ADVERTISER_FIELDS = gql`
  fragment AdvertiserFields on Advertiser {
    bgAdvertiserId
    beeswaxAdvertiserId
    name
    createdBy
    createdAt
    domain
    address_1
    address_2
    city
    state
    zip
    phone
    parentAgencyId
    category
    hubspot_authed
    hubspot_portal_id
    paymentMethod {
      card {
        last4
        brand
      }
    }
    advertiser_card_name
    billingEmail
  }
`;

/** 000 §7 GET /advertiser/agency/{agencyId}: the agency's advertisers. */
export const ADVERTISERS_QUERY: TypedDocumentNode<{ advertisers: TAdvertiser[] }, { agencyId: string }> = gql`
  query Advertisers($agencyId: String!) {
    advertisers(params: { agencyId: $agencyId }) @rest(operation: "listAdvertisersByAgency", type: "Advertiser") {
      ...AdvertiserFields
    }
  }
  ${ADVERTISER_FIELDS}
`;

/** 000 §7 GET /advertiser/{id}. */
export const ADVERTISER_QUERY: TypedDocumentNode<{ advertiser: TAdvertiser }, { id: string }> = gql`
  query Advertiser($id: String!) {
    advertiser(params: { id: $id }) @rest(operation: "getAdvertiser", type: "Advertiser") {
      ...AdvertiserFields
    }
  }
  ${ADVERTISER_FIELDS}
`;

/** 000 §7 POST /advertiser/create. */
export const CREATE_ADVERTISER_MUTATION: TypedDocumentNode<
  { createAdvertiser: TAdvertiser },
  {
    body: Partial<TAdvertiserCreate> &
      Pick<TAdvertiserCreate, 'name' | 'phone' | 'address_1' | 'city' | 'state' | 'zip' | 'domain'>;
  }
> = gql`
  mutation CreateAdvertiser($body: AdvertiserCreateInput!) {
    createAdvertiser(body: $body) @rest(operation: "createAdvertiser", type: "Advertiser") {
      ...AdvertiserFields
    }
  }
  ${ADVERTISER_FIELDS}
`;

/** 000 §7 POST /{card}/advertiser/card: saves the confirmed payment method; answers the updated advertiser. */
export const SAVE_ADVERTISER_CARD_MUTATION: TypedDocumentNode<
  { saveAdvertiserCard: TAdvertiser },
  { body: TPaymentSave }
> = gql`
  mutation SaveAdvertiserCard($body: PaymentSaveInput!) {
    saveAdvertiserCard(body: $body) @rest(operation: "saveAdvertiserCard", type: "Advertiser") {
      ...AdvertiserFields
    }
  }
  ${ADVERTISER_FIELDS}
`;

/** 000 §7 POST /{crm}/oauthtokens: exchanges the authorization code (with our signed `state`). */
export const SAVE_HUBSPOT_TOKENS_MUTATION: TypedDocumentNode<
  { saveHubspotTokens: TAdvertiser },
  { body: { code: string; state: string; bgAdvertiserId: string } }
> = gql`
  mutation SaveHubspotTokens($body: HubspotTokensInput!) {
    saveHubspotTokens(body: $body) @rest(operation: "saveHubspotTokens", type: "Advertiser") {
      ...AdvertiserFields
    }
  }
  ${ADVERTISER_FIELDS}
`;

/** 000 §7 POST /{crm}/oauthtokens/delete: disconnects the advertiser from HubSpot. */
export const DELETE_HUBSPOT_TOKENS_MUTATION: TypedDocumentNode<
  { deleteHubspotTokens: TAdvertiser },
  { body: { bgAdvertiserId: string } }
> = gql`
  mutation DeleteHubspotTokens($body: HubspotDisconnectInput!) {
    deleteHubspotTokens(body: $body) @rest(operation: "deleteHubspotTokens", type: "Advertiser") {
      ...AdvertiserFields
    }
  }
  ${ADVERTISER_FIELDS}
`;
