import type { TPlaybook } from '@bidgrid/shared/entities/playbook.schema';

/** Port: lists the playbooks in display order. */
export interface PlaybookReader {
  listPlaybooks(): Promise<TPlaybook[]>;
}

/** The playbook cards of the dashboard (spec 001 §3), the same for every agency. */
export async function getPlaybooks(deps: { playbooks: PlaybookReader }): Promise<TPlaybook[]> {
  return deps.playbooks.listPlaybooks();
}
