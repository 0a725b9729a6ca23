import type { PutCommandInput } from '@aws-sdk/lib-dynamodb';
import type { TIdKind } from '@bidgrid/shared/ids';

/**
 * Ids a client may choose (the wizard's campaign id, ad-group and template ids, creative ids, an advertiser
 * id kept for retries) are unique across agencies (issue 26 §4): each is reserved for the first agency that
 * stores an object under it, with the one key of its kind not under an agency, written in the same
 * transaction as the object. Another agency's write under a reserved id fails its condition, so it answers
 * 409 (or 404 where the id names a parent), never a second object under the same id. A reservation stays
 * when its object is deleted: the id is never anybody else's. Agency ids need none: their key is global.
 */
export type TReservedIdKind = Exclude<TIdKind, 'agency'>;

// The campaign's tag is the one its reservations were first written with.
const TAGS: Record<TReservedIdKind, string> = {
  campaign: 'CAMPID',
  advertiser: 'ADVID',
  adGroup: 'AGID',
  adGroupTemplate: 'AGTID',
  creative: 'CRID',
  creativeTemplate: 'CRTID',
};

/** The key of the reservation of an id of a kind (`AGID#bg-ad-group-...` / `AGID`). */
export function idReservationKey(kind: TReservedIdKind, id: string): { pk: string; sk: string } {
  const tag = TAGS[kind];
  return { pk: `${tag}#${id}`, sk: tag };
}

/** The Put (alone, or in a transaction) that reserves `id` for `agencyId`: written unless another agency holds it. */
export function idReservation(table: string, kind: TReservedIdKind, agencyId: string, id: string) {
  return {
    TableName: table,
    Item: { ...idReservationKey(kind, id), entity: `${kind}Reservation`, agencyId, reservedId: id },
    ConditionExpression: 'attribute_not_exists(pk) OR agencyId = :agency',
    ExpressionAttributeValues: { ':agency': agencyId },
  } satisfies PutCommandInput;
}
