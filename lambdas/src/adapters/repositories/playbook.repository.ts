import { ZPlaybook } from '@bidgrid/shared/agency/playbook.schema';
import type { TPlaybook } from '@bidgrid/shared/agency/playbook.schema';
import type { PlaybookRepository } from '../../domain/ports/playbook.port';
import { batchPut, queryAll, tables } from '../dynamodb';

const PLAYBOOKS_PK = 'PLAYBOOKS';

/** Keys of playbook items: one partition, `PB#{nn}` sort keys so a query returns them in order. */
export const playbookKeys = {
  playbook: (order: number) => ({ pk: PLAYBOOKS_PK, sk: `PB#${String(order).padStart(2, '0')}` }),
} as const;

async function listPlaybooks(): Promise<TPlaybook[]> {
  const items = await queryAll({
    TableName: tables().app,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': PLAYBOOKS_PK, ':prefix': 'PB#' },
  });
  // `order` decides, not the sort key's text, so a 100th playbook still lands last.
  return items
    .map((item) => ({ order: typeof item['order'] === 'number' ? item['order'] : Number.MAX_SAFE_INTEGER, item }))
    .sort((a, b) => a.order - b.order)
    .map(({ item }) => ZPlaybook.parse(item));
}

async function putPlaybooks(playbooks: readonly TPlaybook[]): Promise<void> {
  await batchPut(
    tables().app,
    playbooks.map((playbook, index) => ({ ...playbookKeys.playbook(index + 1), ...playbook, order: index + 1 })),
  );
}

/** The DynamoDB implementation used by the handlers and the seeders. */
export const playbookRepository: PlaybookRepository = { listPlaybooks, putPlaybooks };
