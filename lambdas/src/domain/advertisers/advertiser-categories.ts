import type { TAdvertiserCategory } from '@bidgrid/shared/advertisers/advertiser.schema';

/**
 * The advertiser categories of the bidder: the IAB content taxonomy's tier-1 codes, which Beeswax
 * takes as an advertiser's category. BidGrid creates every advertiser as 'IAB3' (000 §3); the list is
 * served for display. A fixed list: the taxonomy does not change between requests.
 */
export const ADVERTISER_CATEGORIES: readonly TAdvertiserCategory[] = [
  { code: 'IAB1', name: 'Arts & Entertainment' },
  { code: 'IAB2', name: 'Automotive' },
  { code: 'IAB3', name: 'Business' },
  { code: 'IAB4', name: 'Careers' },
  { code: 'IAB5', name: 'Education' },
  { code: 'IAB6', name: 'Family & Parenting' },
  { code: 'IAB7', name: 'Health & Fitness' },
  { code: 'IAB8', name: 'Food & Drink' },
  { code: 'IAB9', name: 'Hobbies & Interests' },
  { code: 'IAB10', name: 'Home & Garden' },
  { code: 'IAB11', name: 'Law, Gov’t & Politics' },
  { code: 'IAB12', name: 'News' },
  { code: 'IAB13', name: 'Personal Finance' },
  { code: 'IAB14', name: 'Society' },
  { code: 'IAB15', name: 'Science' },
  { code: 'IAB16', name: 'Pets' },
  { code: 'IAB17', name: 'Sports' },
  { code: 'IAB18', name: 'Style & Fashion' },
  { code: 'IAB19', name: 'Technology & Computing' },
  { code: 'IAB20', name: 'Travel' },
  { code: 'IAB21', name: 'Real Estate' },
  { code: 'IAB22', name: 'Shopping' },
  { code: 'IAB23', name: 'Religion & Spirituality' },
  { code: 'IAB24', name: 'Uncategorized' },
  { code: 'IAB25', name: 'Non-Standard Content' },
  { code: 'IAB26', name: 'Illegal Content' },
];

/** `GET /advertiser/categories`. */
export function listAdvertiserCategories(): TAdvertiserCategory[] {
  return ADVERTISER_CATEGORIES.map((category) => ({ ...category }));
}
