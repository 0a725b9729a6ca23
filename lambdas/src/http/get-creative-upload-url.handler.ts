import { now } from '@bidgrid/shared/clock';
import { getCreativeUploadUrl as operation } from '@bidgrid/shared/ad-groups/creative.operations';
import { creativeStorage } from '../adapters/creative-storage';
import { adGroupRepository } from '../adapters/repositories/ad-group.repository';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { getCreativeUploadUrl } from '../domain/ad-groups/create-creative.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/creatives/uploadurl`: a presigned PUT for one creative file (recorded: a GET that writes). */
export const { handler, raw } = httpHandler(operation, ({ caller, query }) =>
  getCreativeUploadUrl(
    {
      agencyId: caller.agencyId,
      bgAdvertiserId: query.bgAdvertiserId,
      fileName: query.fileName,
      mimetype: query.mimetype,
      size: query.size,
    },
    { adGroups: adGroupRepository, advertisers: advertiserRepository, storage: creativeStorage, now },
  ),
);
