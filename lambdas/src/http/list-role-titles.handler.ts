import { listRoleTitles as operation } from '@bidgrid/shared/targeting/role-title.operations';
import { roleCatalogRepository } from '../adapters/repositories/role-catalog.repository';
import { listRoleTitles } from '../domain/targeting/role-titles.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/roleTitle/getRoleTitleList`: the role types, their roles and bidder segments (001 §7). */
export const { handler, raw } = httpHandler(operation, () => listRoleTitles({ roleCatalog: roleCatalogRepository }));
