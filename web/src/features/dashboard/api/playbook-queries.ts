import { getPlaybooks } from '@bidgrid/shared/agency/agency.operations';
import { useOperationQuery } from '@/lib/api/use-operation-query';

/**
 * Spec 000 §7 / 001 §7: GET /playBooks, the playbook cards of the dashboard (loaded into the cache at
 * session start, so the dashboard usually shows them without a request).
 */
export const usePlaybooks = () => useOperationQuery(getPlaybooks, {});
