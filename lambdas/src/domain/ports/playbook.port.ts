import type { TPlaybook } from '@bidgrid/shared/agency/playbook.schema';

/** The playbook cards of the dashboard, shared by every agency. */
export interface PlaybookRepository {
  /** Every playbook, in display order. */
  listPlaybooks(): Promise<TPlaybook[]>;
  /** Stores the playbooks in the given order (seeding); an item with the same position is replaced. */
  putPlaybooks(playbooks: readonly TPlaybook[]): Promise<void>;
}
