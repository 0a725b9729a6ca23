import * as z from '@bidgrid/shared/zod';
import { ZCreativeTemplate } from '@bidgrid/shared/ad-groups/creative.schema';

/**
 * A creative template as stored: its asset is an object key of the creative bucket (`assetKey`);
 * the API's `creativeTemplateSrc` is a presigned GET made when it is read.
 */
export const ZCreativeTemplateRecord = z.extend(z.omit(ZCreativeTemplate, { creativeTemplateSrc: true }), {
  assetKey: z.string().check(z.minLength(1)),
});
export type TCreativeTemplateRecord = z.infer<typeof ZCreativeTemplateRecord>;
