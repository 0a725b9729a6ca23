import * as z from '../zod';
import { AD_GROUP_TYPES } from '../constants';
import { optionalDescription, requiredName, requiredText } from '../common/fields';
import { VALIDATION_MESSAGES as M } from '../common/messages';

/** First step of "Create New AdGroup" (001 §2, §5): name required, description free (multiline). */
export const ZAdGroupDetailsForm = z.object({
  name: requiredName(),
  description: optionalDescription(),
});
export type TAdGroupDetailsForm = z.output<typeof ZAdGroupDetailsForm>;

/**
 * The whole "Create New AdGroup" tab: details plus at least one creative ('Please, upload creative
 * assets to continue.'). Creatives are whatever the upload step keeps per file (kept as given, so
 * File objects and previews survive the resolver); the file checks themselves are in upload.schema.
 */
export const ZNewAdGroupForm = z.extend(ZAdGroupDetailsForm, {
  adGroupType: z._default(z.enum(AD_GROUP_TYPES), 'image'),
  creatives: z.array(z.unknown(), { error: M.uploadCreatives }).check(z.minLength(1, M.uploadCreatives)),
});
export type TNewAdGroupFormInput = z.input<typeof ZNewAdGroupForm>;
export type TNewAdGroupForm = z.output<typeof ZNewAdGroupForm>;

/** "Select From Saved AdGroups" tab (001 §5): a saved ad-group template must be chosen. */
export const ZSavedAdGroupForm = z.object({
  selectedAdGroupTemplateId: requiredText(M.selectAdGroup),
});
export type TSavedAdGroupForm = z.output<typeof ZSavedAdGroupForm>;
