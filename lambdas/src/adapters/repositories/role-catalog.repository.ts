import { ZRoleType, type TRoleType } from '@bidgrid/shared/targeting/role-title.schema';
import type { RoleCatalogRepository } from '../../domain/ports/role-catalog.port';
import { batchPut, queryAll, tables } from '../dynamodb';

/** The partition of what BidGrid keeps for every agency (DATA-MODEL's public items). */
const PUBLIC_PK = 'PUBLIC';
const ROLE_TYPE_PREFIX = 'RT#';

/** Keys of the role catalogue: one item per role type (with its roles) in the public partition. */
export const roleCatalogKeys = {
  roleType: (roleTypeId: string) => ({ pk: PUBLIC_PK, sk: `${ROLE_TYPE_PREFIX}${roleTypeId}` }),
} as const;

async function listRoleTypes(): Promise<TRoleType[]> {
  const items = await queryAll({
    TableName: tables().app,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': PUBLIC_PK, ':prefix': ROLE_TYPE_PREFIX },
  });
  // `order` decides, not the ids' text, so the step shows the types as the catalogue lists them.
  return items
    .map((item) => ({ order: typeof item['order'] === 'number' ? item['order'] : Number.MAX_SAFE_INTEGER, item }))
    .sort((a, b) => a.order - b.order)
    .map(({ item }) => ZRoleType.parse(item));
}

async function putRoleTypes(roleTypes: readonly TRoleType[]): Promise<void> {
  await batchPut(
    tables().app,
    roleTypes.map((roleType, index) => ({
      ...roleCatalogKeys.roleType(roleType.roleTypeId),
      entity: 'roleType',
      ...roleType,
      order: index + 1,
    })),
  );
}

/** The DynamoDB implementation used by the handlers, the targeting layer and the seed. */
export const roleCatalogRepository: RoleCatalogRepository = { listRoleTypes, putRoleTypes };
