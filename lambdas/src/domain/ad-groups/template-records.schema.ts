import * as z from 'zod';
import { ZCreativeTemplate } from '@bidgrid/shared/entities/creative.schema';

/**
 * A creative template as stored: its asset is an object key of the creative bucket (`assetKey`);
 * the API's `creativeTemplateSrc` is a presigned GET made when it is read.
 */
export const ZCreativeTemplateRecord = ZCreativeTemplate.omit({ creativeTemplateSrc: true }).extend({
  assetKey: z.string().min(1),
});
export type TCreativeTemplateRecord = z.infer<typeof ZCreativeTemplateRecord>;
