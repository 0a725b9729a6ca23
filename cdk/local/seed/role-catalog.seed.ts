import type { SeedModule } from './seed-module';

/**
 * The Role/Title catalogue (`lambdas/src/domain/targeting/role-catalog.seed.ts`): each role's
 * audience segment made at the bidder through the bidder adapter (the simulator refuses targeting
 * that names a segment it does not hold), under a bidder advertiser of BidGrid's own that holds the
 * catalogue's audiences, then the catalogue stored in the app table for every agency.
 */
export const roleCatalogSeed: SeedModule = {
  name: 'role-catalog',
  store: 'dynamodb',
  async run({ logger }) {
    const { bidderClient, roleCatalogRepository, makeRoleCatalog, ROLE_CATALOG_SEED } =
      await import('@bidgrid/lambdas/seeding');
    const bidder = bidderClient();
    const holder = await bidder.createAdvertiser({
      name: 'BidGrid Role Audiences',
      ourId: 'bidgrid-role-catalog',
      category: 'IAB3',
      domain: 'bidgrid.example',
      active: true,
    });
    const catalog = await makeRoleCatalog(ROLE_CATALOG_SEED, holder, { bidder, roleCatalog: roleCatalogRepository });
    const roles = catalog.reduce((sum, type) => sum + type.roleSet.length, 0);
    logger.debug(`seeded ${catalog.length} role types with ${roles} roles`);
  },
};
