import { listRoleTitles } from '@bidgrid/shared/targeting/role-title.operations';
import { useOperationQuery } from '@/lib/api/use-operation-query';

/** 001 §7: GET /roleTitle/getRoleTitleList, the role types with their roles and bidder segments. */
export const useRoleTitles = () => useOperationQuery(listRoleTitles, {});
