import type { TRoleType } from '@bidgrid/shared/targeting/role-title.schema';
import type { Bidder } from '../ports/bidder.port';
import type { RoleCatalogRepository } from '../ports/role-catalog.port';

/** A role type of the catalogue as BidGrid defines it, before its roles' segments exist at the bidder. */
export interface TRoleTypeDefinition {
  readonly roleTypeId: string;
  readonly roleType: string;
  /** [roleId, title] of each role, in display order. */
  readonly roles: ReadonlyArray<readonly [string, string]>;
}

/**
 * The B2B role and title catalogue: the buying-committee functions an account-based campaign reaches,
 * each with the titles people hold in it. Ids are stable (templates and campaigns keep
 * `roleTypeId:roleId`), so a title is renamed here without losing what was saved with it.
 */
export const ROLE_CATALOG_SEED: readonly TRoleTypeDefinition[] = [
  {
    roleTypeId: 'EXEC',
    roleType: 'Executive Leadership',
    roles: [
      ['EXEC-CEO', 'Chief Executive Officer'],
      ['EXEC-COO', 'Chief Operating Officer'],
      ['EXEC-PRES', 'President'],
      ['EXEC-FOUNDER', 'Founder / Owner'],
      ['EXEC-GM', 'General Manager'],
      ['EXEC-BOARD', 'Board Member'],
    ],
  },
  {
    roleTypeId: 'IT',
    roleType: 'Information Technology',
    roles: [
      ['IT-CIO', 'Chief Information Officer'],
      ['IT-CTO', 'Chief Technology Officer'],
      ['IT-CISO', 'Chief Information Security Officer'],
      ['IT-VP', 'VP of IT'],
      ['IT-DIR', 'IT Director'],
      ['IT-MGR', 'IT Manager'],
      ['IT-ARCH', 'Enterprise Architect'],
      ['IT-SYSADMIN', 'Systems Administrator'],
      ['IT-NETENG', 'Network Engineer'],
      ['IT-SECANALYST', 'Security Analyst'],
      ['IT-DBA', 'Database Administrator'],
      ['IT-CLOUD', 'Cloud Engineer'],
      ['IT-DEVOPS', 'DevOps Engineer'],
      ['IT-HELPDESK', 'Help Desk Manager'],
      ['IT-DATAENG', 'Data Engineer'],
      ['IT-SWENG', 'Software Engineer'],
      ['IT-ENGMGR', 'Engineering Manager'],
      ['IT-VPENG', 'VP of Engineering'],
      ['IT-PM', 'IT Project Manager'],
      ['IT-PROC', 'IT Procurement Manager'],
      ['IT-DATASCI', 'Data Scientist'],
      ['IT-QA', 'QA Manager'],
    ],
  },
  {
    roleTypeId: 'FIN',
    roleType: 'Finance',
    roles: [
      ['FIN-CFO', 'Chief Financial Officer'],
      ['FIN-VP', 'VP of Finance'],
      ['FIN-CTRL', 'Controller'],
      ['FIN-TREAS', 'Treasurer'],
      ['FIN-DIR', 'Finance Director'],
      ['FIN-FPA', 'FP&A Manager'],
      ['FIN-ACCT', 'Accounting Manager'],
      ['FIN-AUDIT', 'Internal Auditor'],
      ['FIN-TAX', 'Tax Director'],
      ['FIN-ANALYST', 'Financial Analyst'],
    ],
  },
  {
    roleTypeId: 'MKT',
    roleType: 'Marketing',
    roles: [
      ['MKT-CMO', 'Chief Marketing Officer'],
      ['MKT-VP', 'VP of Marketing'],
      ['MKT-DIR', 'Marketing Director'],
      ['MKT-DEMAND', 'Demand Generation Manager'],
      ['MKT-PMM', 'Product Marketing Manager'],
      ['MKT-BRAND', 'Brand Manager'],
      ['MKT-DIGITAL', 'Digital Marketing Manager'],
      ['MKT-OPS', 'Marketing Operations Manager'],
      ['MKT-CONTENT', 'Content Marketing Manager'],
      ['MKT-ABM', 'ABM Manager'],
      ['MKT-EVENTS', 'Events Manager'],
      ['MKT-COMMS', 'Communications Director'],
    ],
  },
  {
    roleTypeId: 'SALES',
    roleType: 'Sales',
    roles: [
      ['SALES-CRO', 'Chief Revenue Officer'],
      ['SALES-VP', 'VP of Sales'],
      ['SALES-DIR', 'Sales Director'],
      ['SALES-AE', 'Account Executive'],
      ['SALES-SDR', 'Sales Development Representative'],
      ['SALES-OPS', 'Sales Operations Manager'],
      ['SALES-CS', 'Customer Success Manager'],
      ['SALES-BD', 'Business Development Manager'],
      ['SALES-PARTNER', 'Partnerships Manager'],
    ],
  },
  {
    roleTypeId: 'HR',
    roleType: 'Human Resources',
    roles: [
      ['HR-CHRO', 'Chief Human Resources Officer'],
      ['HR-VP', 'VP of People'],
      ['HR-DIR', 'HR Director'],
      ['HR-TA', 'Talent Acquisition Manager'],
      ['HR-RECRUIT', 'Recruiter'],
      ['HR-COMP', 'Compensation and Benefits Manager'],
      ['HR-LD', 'Learning and Development Manager'],
      ['HR-BP', 'HR Business Partner'],
    ],
  },
  {
    roleTypeId: 'OPS',
    roleType: 'Operations',
    roles: [
      ['OPS-VP', 'VP of Operations'],
      ['OPS-DIR', 'Operations Director'],
      ['OPS-SCM', 'Supply Chain Manager'],
      ['OPS-PROC', 'Procurement Manager'],
      ['OPS-LOG', 'Logistics Manager'],
      ['OPS-FAC', 'Facilities Manager'],
      ['OPS-PLANT', 'Plant Manager'],
      ['OPS-QUAL', 'Quality Manager'],
    ],
  },
  {
    roleTypeId: 'LEGAL',
    roleType: 'Legal and Compliance',
    roles: [
      ['LEGAL-GC', 'General Counsel'],
      ['LEGAL-CCO', 'Chief Compliance Officer'],
      ['LEGAL-COUNSEL', 'Corporate Counsel'],
      ['LEGAL-PRIV', 'Privacy Officer'],
      ['LEGAL-CONTRACTS', 'Contracts Manager'],
    ],
  },
  {
    roleTypeId: 'PROD',
    roleType: 'Product Management',
    roles: [
      ['PROD-CPO', 'Chief Product Officer'],
      ['PROD-VP', 'VP of Product'],
      ['PROD-DIR', 'Director of Product Management'],
      ['PROD-PM', 'Product Manager'],
      ['PROD-UX', 'UX Design Lead'],
    ],
  },
];

/** Our id of a role's bidder segment, so a bidder row can be traced back to the catalogue. */
export const roleSegmentOurId = (roleId: string): string => `bg-role-${roleId}`;

/**
 * Makes the catalogue: each role's audience segment at the bidder (under `advertiserId`, the bidder
 * advertiser that holds BidGrid's own audiences), then the catalogue with the bidder's segment keys.
 * A role already in the stored catalogue keeps its segments, so a repeated run makes nothing twice.
 */
export async function makeRoleCatalog(
  definitions: readonly TRoleTypeDefinition[],
  advertiserId: number,
  deps: {
    bidder: Pick<Bidder, 'createSegment'>;
    roleCatalog: Pick<RoleCatalogRepository, 'listRoleTypes' | 'putRoleTypes'>;
  },
): Promise<TRoleType[]> {
  const stored = new Map(
    (await deps.roleCatalog.listRoleTypes()).flatMap((type) =>
      type.roleSet.map((role) => [`${type.roleTypeId}:${role.roleId}`, role.cookieSets] as const),
    ),
  );
  const catalog: TRoleType[] = [];
  for (const definition of definitions) {
    const roleSet = [];
    for (const [roleId, role] of definition.roles) {
      const kept = stored.get(`${definition.roleTypeId}:${roleId}`);
      if (kept && kept.length > 0) {
        roleSet.push({ role, roleId, cookieSets: kept });
        continue;
      }
      const segmentName = `${definition.roleType} - ${role}`;
      const { key } = await deps.bidder.createSegment({
        advertiserId,
        name: segmentName,
        ourId: roleSegmentOurId(roleId),
        description: `People whose job title is ${role} (${definition.roleType}).`,
      });
      roleSet.push({ role, roleId, cookieSets: [{ segment_key: key, segment_name: segmentName }] });
    }
    catalog.push({ roleType: definition.roleType, roleTypeId: definition.roleTypeId, roleSet });
  }
  await deps.roleCatalog.putRoleTypes(catalog);
  return catalog;
}
