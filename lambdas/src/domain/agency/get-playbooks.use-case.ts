import type { TPlaybook } from '@bidgrid/shared/agency/playbook.schema';
import type { PlaybookRepository } from '../ports/playbook.port';

/** The playbook cards of the dashboard (spec 001 §3), the same for every agency. */
export async function getPlaybooks(deps: {
  playbooks: Pick<PlaybookRepository, 'listPlaybooks'>;
}): Promise<TPlaybook[]> {
  return deps.playbooks.listPlaybooks();
}
