import { getPlaybooks as operation } from '@bidgrid/shared/agency/agency.operations';
import { playbookRepository } from '../adapters/repositories/playbook.repository';
import { getPlaybooks } from '../domain/agency/get-playbooks.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/playBooks`: the seeded playbook cards, in order. */
export const { handler, raw } = httpHandler(operation, () => getPlaybooks({ playbooks: playbookRepository }));
