import * as z from '@bidgrid/shared/zod';
import { requiredText } from '@bidgrid/shared/common/fields';

/** The confirmation-code step of sign-up (ours: the spec does not show it): the code is required. */
export const ZConfirmCodeForm = z.object({ code: requiredText() });
export type TConfirmCodeForm = z.infer<typeof ZConfirmCodeForm>;
