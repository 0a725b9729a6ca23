import '../../test-env';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TCreativeTemplateRecord } from '../../domain/ad-groups/template-records.schema';
import { adGroupFixture, creativeFixture } from '../../domain/campaigns/test-campaign-fakes';
import { adGroupTemplateFixture } from '../../domain/templates/test-template-fakes';
import { advertiserFixture } from '../../domain/test-fakes';
import { adGroupRepository } from './ad-group.repository';
import { advertiserRepository } from './advertiser.repository';
import { idReservationKey } from './id-reservation';
import type { TReservedIdKind } from './id-reservation';
import { templateRepository } from './template.repository';

const ddbMock = mockClient(DynamoDBDocumentClient);
const AGENCY = 'bgAgency-demo';

beforeEach(() => {
  ddbMock.reset();
});

const creativeTemplate: TCreativeTemplateRecord = {
  id: 'bg-creative-template-banner',
  adGroupTemplateId: 'bg-ad-group-template-evergreen',
  creativeType: 'image/png',
  name: 'Banner',
  description: '',
  height: 250,
  width: 300,
  beeswaxCreativeId: null,
  size_in_bytes: 1000,
  duration: null,
  assetKey: 'templates/bgAgency-demo/bg-ad-group-template-evergreen/banner.png',
};

/** Every new object whose id a client may choose, with its kind and id. */
const writes: Array<[string, TReservedIdKind, string, () => Promise<unknown>]> = [
  [
    'an advertiser',
    'advertiser',
    advertiserFixture().bgAdvertiserId,
    () => advertiserRepository.putNewAdvertiser(AGENCY, advertiserFixture()),
  ],
  [
    'an ad group',
    'adGroup',
    adGroupFixture().adGroupId,
    () => adGroupRepository.putNewAdGroup(AGENCY, adGroupFixture()),
  ],
  [
    'a creative',
    'creative',
    creativeFixture().bgCreativeId,
    () => adGroupRepository.putNewCreative(AGENCY, creativeFixture()),
  ],
  [
    'an ad-group template',
    'adGroupTemplate',
    adGroupTemplateFixture().id,
    () => templateRepository.putNewAdGroupTemplate(AGENCY, adGroupTemplateFixture(), []),
  ],
  [
    'a creative template',
    'creativeTemplate',
    creativeTemplate.id,
    () => templateRepository.putNewCreativeTemplate(AGENCY, adGroupTemplateFixture(), creativeTemplate),
  ],
];

/** The Puts of the one transaction written. */
const transactionPuts = () =>
  (ddbMock.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? []).flatMap((item) =>
    item.Put ? [item.Put] : [],
  );

describe('ids reserved across agencies', () => {
  it.each(writes)(
    'reserves the id of %s for the agency in the transaction that writes it',
    async (_what, kind, id, write) => {
      // Prepare
      ddbMock.on(TransactWriteCommand).resolves({});

      // Act
      await write();

      // Assess
      const reservation = transactionPuts().find((put) => put.Item?.['pk'] === idReservationKey(kind, id).pk);
      expect(reservation).toMatchObject({
        Item: { ...idReservationKey(kind, id), agencyId: AGENCY, reservedId: id },
        ConditionExpression: 'attribute_not_exists(pk) OR agencyId = :agency',
        ExpressionAttributeValues: { ':agency': AGENCY },
      });
    },
  );

  it.each(writes)(
    'writes nothing of %s whose id another agency holds, and says it is taken',
    async (_what, kind, id, write) => {
      // Prepare: the reservation's condition fails, and it alone; the parents exist.
      ddbMock.on(TransactWriteCommand).callsFake((input: TransactWriteCommandInput) => {
        throw new TransactionCanceledException({
          message: 'cancelled',
          $metadata: {},
          CancellationReasons: (input.TransactItems ?? []).map((item) => ({
            Code: item.Put?.Item?.['pk'] === idReservationKey(kind, id).pk ? 'ConditionalCheckFailed' : 'None',
          })),
        });
      });
      ddbMock.on(GetCommand).resolves({ Item: { pk: 'x', sk: 'y' } });

      // Act
      const written = await write();

      // Assess
      expect(written === false || written === 'exists').toBe(true);
    },
  );

  it('keeps the campaign reservations where they always were', () => {
    expect(idReservationKey('campaign', 'bg-campaign-1')).toEqual({ pk: 'CAMPID#bg-campaign-1', sk: 'CAMPID' });
  });
});
