import type { THubspotList } from '@bidgrid/shared/crm/crm.schema';

/** HubSpot's object type ids of the lists we read: contacts `0-1`, companies `0-2`. */
export const CRM_OBJECT_TYPE = { contacts: '0-1', companies: '0-2' } as const;
export type TCrmObjectTypeId = (typeof CRM_OBJECT_TYPE)[keyof typeof CRM_OBJECT_TYPE];

/** Port: the CRM's lists (HubSpot Lists v3). */
export interface CrmLists {
  /** Every list of the token's portal holding records of `objectTypeId`, all pages read. */
  searchLists(accessToken: string, objectTypeId: TCrmObjectTypeId, signal?: AbortSignal): Promise<THubspotList[]>;
}
