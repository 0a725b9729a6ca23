/** The texts of the advertiser screens that the spec quotes (000 §2, §8), named once for pages and tests. */

/** 000 §8: shown for 2 s after an advertiser is created. */
export const CARD_NEEDED_NOTICE =
  'The selected advertising must have a connected payment method to configure a campaign!';

/** 000 §8: the card alert's title and its fallback text. */
export const CARD_ERROR_TITLE = 'Card Error';
export const CARD_UNEXPECTED_ERROR = 'There was an unexpected error adding this card, please try again.';

/** 000 §8: success toast after a card is saved (5 s). */
export const CARD_ADDED_TOAST = 'New Payment Method Was Successfully Added!';

/** 000 §2: the CRM card's texts. */
export const crmAccountText = (portalId: number): string => `Account ID: ${portalId}`;
export const CRM_NOT_CONNECTED = 'Not Connected';
export const crmDisconnectQuestion = (advertiserName: string): string =>
  `Disconnect "${advertiserName}" Advertiser from HubSpot`;

/** 000 §8: create-advertiser failure, shown in the reset form. */
export const errorText = (message: string): string => `There was an error: ${message}`;
