import { randomUUID } from 'node:crypto';
import type * as z from '@bidgrid/shared/zod';
import type { TFieldErrors } from '@bidgrid/shared/api/envelope';
import {
  MAX_DOMAINS_PER_LIST,
  type TDomainList,
  type TPublicList,
  type ZDomainListCreate,
  type ZDomainListUpdate,
} from '@bidgrid/shared/lists/domain-list.schema';
import { toFieldErrors } from '@bidgrid/shared/common/field-errors';
import { ZPublicationListCreateForm, ZPublicationListEditForm } from '@bidgrid/shared/lists/publication-list.schema';
import { BadRequestError, ConflictError, NotFoundError } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import { atBidderThenStore } from '../vendors/bidder-first';
import { requireAdvertiser } from '../advertisers/get-advertiser.use-case';
import type { AdvertiserReader } from '../ports/advertiser.port';
import type { BidderAudiences } from '../ports/bidder.port';
import type { DomainListRepository, TDomainListRecord } from '../ports/domain-list.port';
import type { TPagedPayload, TPageRequest } from '../ports/page.port';

/** Texts of the list rules the spec states without one (ours, in the spec's tone). */
export const DOMAIN_LIST_MESSAGES = {
  notFound: 'Domain list not found.',
  domainNotInList: 'This domain is not in the list.',
  tooManyDomains: `A domain list can hold at most ${MAX_DOMAINS_PER_LIST} domains.`,
  changedMeanwhile: 'This list was changed meanwhile. Please reload it and try again.',
  exists: 'This domain list already exists.',
} as const;

/** Ports of the domain-list calls. */
export interface DomainListDeps {
  domainLists: DomainListRepository;
  advertisers: AdvertiserReader;
  bidder: Pick<BidderAudiences, 'createList' | 'addListItems' | 'removeListItems' | 'deleteList'>;
  now: () => Date;
  newId?: () => string;
  log: Logger;
}

export type TDomainListCreateRequest = z.output<typeof ZDomainListCreate>;
export type TDomainListUpdateRequest = z.output<typeof ZDomainListUpdate>;

/**
 * A domain as the bidder's domain list holds it: the host only, lower case, without scheme, `www.`,
 * port or path (001 §5 lets people type those; the bidder matches sites by domain). Two entries that
 * differ only there are one bidder item.
 */
export function bidderDomainOf(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/^www\./, '');
}

/** The bidder items of a list's active domains. */
const activeBidderDomains = (domains: ReadonlyArray<{ domain: string; active: boolean }>): Set<string> =>
  new Set(domains.filter((item) => item.active).map((item) => bidderDomainOf(item.domain)));

/** The list as the API answers it (the store's agency and version stay here). */
export function toPublicDomainList(record: TDomainListRecord): TDomainList {
  const { agencyId: _agencyId, version: _version, ...list } = record;
  return list;
}

/** A 400 whose reply text is the rule's own message (what the form shows), with every field's messages. */
function invalid(fieldErrors: TFieldErrors): BadRequestError {
  const messages = [...new Set(Object.values(fieldErrors).flat())];
  return new BadRequestError(messages.join(' '), fieldErrors);
}

/** Form field -> the request field it came from, so a refusal names what was sent. */
function renamed(errors: TFieldErrors, names: Record<string, string>): TFieldErrors {
  const out: TFieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    const [head = '', ...rest] = field.split('.');
    out[[names[head] ?? head, ...rest].join('.')] = messages;
  }
  return out;
}

/** `GET /domainlist/public`: every public list, by name. */
export async function listPublicDomainLists(deps: Pick<DomainListDeps, 'domainLists'>): Promise<TPublicList[]> {
  const lists = await deps.domainLists.listPublicLists();
  return lists.sort((a, b) => a.name.localeCompare(b.name));
}

/** `GET /domainlist/advertiser/{id}`: one page of the advertiser's custom lists (another agency's: 404). */
export async function listDomainListsByAdvertiser(
  input: { agencyId: string; advertiserId: string; page: TPageRequest },
  deps: Pick<DomainListDeps, 'domainLists' | 'advertisers'>,
): Promise<TPagedPayload<TDomainList[]>> {
  await requireAdvertiser(input.agencyId, input.advertiserId, deps.advertisers);
  const page = await deps.domainLists.listDomainLists(input.agencyId, input.advertiserId, input.page);
  return { payload: page.items.map(toPublicDomainList), nextCursor: page.nextCursor };
}

/**
 * `POST /domainlist/create` and `createNewDomainList` (001 §5, §7): checks the name and domains by the
 * form's rules (the same module the browser runs), makes the list at the bidder with its domains, then
 * stores it. A bidder failure part-way deletes the list it made; a failed store write too, so nothing
 * is left that nobody sees.
 */
export async function createDomainList(
  input: { agencyId: string; request: TDomainListCreateRequest },
  deps: DomainListDeps,
): Promise<TDomainList> {
  const { agencyId, request } = input;
  const form = ZPublicationListCreateForm.safeParse({ name: request.listName, domains: request.domains });
  if (!form.success) throw invalid(renamed(toFieldErrors(form.error.issues), { name: 'listName' }));
  const advertiser = await requireAdvertiser(agencyId, request.bgAdvertiserId, deps.advertisers);
  const newId = deps.newId ?? randomUUID;
  const createdAt = deps.now().toISOString();
  const domainListId = `bg-domain-list-${newId()}`;
  const domains = form.data.domains.map((domain) => ({
    bgItemId: `bg-domain-${newId()}`,
    domain,
    active: true,
    createdAt,
  }));
  let beeswaxListId: number | undefined;
  const record = (): TDomainListRecord => ({
    domainListId,
    beeswaxListId: beeswaxListId as number,
    bgAdvertiserId: advertiser.bgAdvertiserId,
    name: form.data.name,
    createdAt,
    domains,
    agencyId,
    version: 1,
  });
  const stored = await atBidderThenStore(
    {
      what: `domain list ${domainListId}`,
      atBidder: async () => {
        beeswaxListId = await deps.bidder.createList({
          advertiserId: advertiser.beeswaxAdvertiserId,
          name: form.data.name,
          ourId: domainListId,
          kind: 'domain',
        });
        await deps.bidder.addListItems(
          beeswaxListId,
          [...activeBidderDomains(domains)].map((value) => ({ value })),
        );
      },
      store: async () => {
        const list = record();
        if ((await deps.domainLists.putNewDomainList(list)) === 'conflict') {
          throw new ConflictError(DOMAIN_LIST_MESSAGES.exists);
        }
        return list;
      },
      undoAtBidder: async () => {
        if (beeswaxListId !== undefined) await deps.bidder.deleteList(beeswaxListId);
      },
    },
    deps.log,
  );
  return toPublicDomainList(stored);
}

/** A public list to make (the seed, an operator): its id, kind, name and domains. */
export interface TNewPublicList {
  id: string;
  listType: TPublicList['listType'];
  name: string;
  domains: readonly string[];
}

/**
 * Makes a public list at the bidder and stores it (001 §3): a SINGLE list is one bidder list of all its
 * domains; a SPLIT list is one bidder list per domain, so a campaign can bid on each apart. The lists
 * belong to the account, not to an advertiser. A failure part-way deletes the bidder lists made. The
 * bidder's bulk add answers no item ids, so a publication's `beeswaxListItemId` is its position in its
 * bidder list (1 = the first).
 */
export async function createPublicList(
  input: TNewPublicList,
  deps: Pick<DomainListDeps, 'domainLists' | 'bidder' | 'now' | 'log'>,
): Promise<TPublicList> {
  const createdAt = deps.now().toISOString();
  const groups =
    input.listType === 'SINGLE'
      ? [{ name: input.name, domains: [...input.domains] }]
      : input.domains.map((domain) => ({ name: domain, domains: [domain] }));
  const made: TPublicList['domainLists'] = [];
  const list = (): TPublicList => ({
    id: input.id,
    listType: input.listType,
    name: input.name,
    createdAt,
    domainLists: made,
  });
  return atBidderThenStore(
    {
      what: `public list ${input.id}`,
      atBidder: async () => {
        for (const [index, group] of groups.entries()) {
          const beeswaxListId = await deps.bidder.createList({
            name: group.name,
            ourId: `${input.id}:${index}`,
            kind: 'domain',
          });
          made.push({ beeswaxListId, name: group.name, createdAt, publicPublications: [] });
          await deps.bidder.addListItems(
            beeswaxListId,
            group.domains.map((domain) => ({ value: bidderDomainOf(domain) })),
          );
          made[made.length - 1] = {
            beeswaxListId,
            name: group.name,
            createdAt,
            publicPublications: group.domains.map((domain, at) => ({
              domain,
              beeswaxListItemId: at + 1,
              beeswaxListId,
              bgItemId: `${input.id}-${index}-${at}`,
            })),
          };
        }
      },
      store: async () => {
        await deps.domainLists.putPublicList(list());
        return list();
      },
      undoAtBidder: async () => {
        for (const bidderList of made) await deps.bidder.deleteList(bidderList.beeswaxListId);
      },
    },
    deps.log,
  );
}

/** The list named by an update: the caller's advertiser's (404 otherwise), with the bidder id it names. */
async function requireDomainList(
  agencyId: string,
  request: TDomainListUpdateRequest,
  deps: Pick<DomainListDeps, 'domainLists' | 'advertisers'>,
): Promise<TDomainListRecord> {
  await requireAdvertiser(agencyId, request.bgAdvertiserId, deps.advertisers);
  const list = await deps.domainLists.getDomainList(agencyId, request.bgAdvertiserId, request.domainListId);
  if (!list || list.beeswaxListId !== request.beeswaxListId) {
    throw new NotFoundError(DOMAIN_LIST_MESSAGES.notFound, {
      internalMessage: `List ${request.domainListId} (${request.beeswaxListId}) not under ${request.bgAdvertiserId} of ${agencyId}`,
    });
  }
  return list;
}

/** The list's domains with the request's edits applied (rename, (de)activate), by `bgItemId`. */
function editedDomains(list: TDomainListRecord, request: TDomainListUpdateRequest): TDomainListRecord['domains'] {
  const edits = new Map(request.domainsToUpdate.map((edit) => [edit.bgItemId, edit]));
  const unknown = request.domainsToUpdate.findIndex(
    (edit) => !list.domains.some((item) => item.bgItemId === edit.bgItemId),
  );
  if (unknown >= 0) throw invalid({ [`domainsToUpdate.${unknown}.bgItemId`]: [DOMAIN_LIST_MESSAGES.domainNotInList] });
  return list.domains.map((item) => {
    const edit = edits.get(item.bgItemId);
    return edit ? { ...item, domain: edit.domain, active: edit.active } : item;
  });
}

/**
 * `updateDomainList` (001 §5, §7): renames the list, edits existing domains (a new spelling, or
 * deactivated: kept here, gone from the bidder's list) and adds new ones, by the edit form's rules.
 * The bidder list is brought to the new active domains first (items removed, then added), then the
 * list is stored on the version it was read at; a bidder failure part-way or a concurrent edit that
 * won puts the bidder's items back to what the store holds.
 */
export async function updateDomainList(
  input: { agencyId: string; request: TDomainListUpdateRequest },
  deps: DomainListDeps,
): Promise<TDomainList> {
  const { agencyId, request } = input;
  const list = await requireDomainList(agencyId, request, deps);
  const existing = editedDomains(list, request);
  const form = ZPublicationListEditForm.safeParse({
    domainListId: request.domainListId,
    newDomains: request.domainsToAdd,
    existingDomains: existing,
  });
  if (!form.success) {
    throw invalid(
      renamed(toFieldErrors(form.error.issues), { newDomains: 'domainsToAdd', existingDomains: 'domainsToUpdate' }),
    );
  }
  if (existing.length + form.data.newDomains.length > MAX_DOMAINS_PER_LIST) {
    throw invalid({ domainsToAdd: [DOMAIN_LIST_MESSAGES.tooManyDomains] });
  }
  const newId = deps.newId ?? randomUUID;
  const createdAt = deps.now().toISOString();
  const next: TDomainListRecord = {
    ...list,
    name: request.listName,
    domains: [
      ...existing,
      ...form.data.newDomains.map((domain) => ({ bgItemId: `bg-domain-${newId()}`, domain, active: true, createdAt })),
    ],
    version: list.version + 1,
  };
  const before = activeBidderDomains(list.domains);
  const after = activeBidderDomains(next.domains);
  const toRemove = [...before].filter((domain) => !after.has(domain));
  const toAdd = [...after].filter((domain) => !before.has(domain));
  const stored = await atBidderThenStore(
    {
      what: `domain list ${list.domainListId}`,
      atBidder: async () => {
        if (toRemove.length > 0) await deps.bidder.removeListItems(list.beeswaxListId, toRemove);
        if (toAdd.length > 0)
          await deps.bidder.addListItems(
            list.beeswaxListId,
            toAdd.map((value) => ({ value })),
          );
      },
      store: async () => {
        if ((await deps.domainLists.replaceDomainList(next, list.version)) === 'conflict') {
          throw new ConflictError(DOMAIN_LIST_MESSAGES.changedMeanwhile);
        }
        return next;
      },
      undoAtBidder: async () => {
        // Back to what the store holds now: a concurrent edit may have won with other domains.
        const now = await deps.domainLists.getDomainList(agencyId, list.bgAdvertiserId, list.domainListId);
        const held = activeBidderDomains(now?.domains ?? list.domains);
        const extra = toAdd.filter((domain) => !held.has(domain));
        const missing = toRemove.filter((domain) => held.has(domain));
        if (extra.length > 0) await deps.bidder.removeListItems(list.beeswaxListId, extra);
        if (missing.length > 0)
          await deps.bidder.addListItems(
            list.beeswaxListId,
            missing.map((value) => ({ value })),
          );
      },
    },
    deps.log,
  );
  return toPublicDomainList(stored);
}
