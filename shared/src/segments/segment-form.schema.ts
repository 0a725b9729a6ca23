import * as z from '../zod';
import { bidderName, optionalDescription, requiredText } from '../common/fields';

/** Create-segment modal (001 §5): name and advertiserId required, description optional. */
export const ZSegmentForm = z.object({
  name: bidderName(),
  advertiserId: requiredText(),
  description: optionalDescription(),
});
export type TSegmentFormInput = z.input<typeof ZSegmentForm>;
export type TSegmentForm = z.output<typeof ZSegmentForm>;
