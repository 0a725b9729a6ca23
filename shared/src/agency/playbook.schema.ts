import * as z from '../zod';
import { PLAYBOOK_ICONS, STEP_NAMES } from '../constants';

/** Internal wizard step name (001 §2). */
export const ZStepName = z.enum(STEP_NAMES);

/** A wizard step as a playbook or draft lists it: internal name, order and label (001 §2). */
export const ZCampaignStep = z.object({ name: ZStepName, order: z.number().check(z.int()), label: z.string() });
export type TCampaignStep = z.infer<typeof ZCampaignStep>;

/** Playbook card of the dashboard (spec 001 §3): icon is one of four names. */
export const ZPlaybook = z.object({
  id: z.string().check(z.minLength(1)),
  icon: z.enum(PLAYBOOK_ICONS),
  title: z.string().check(z.minLength(1)),
  description: z.array(z.string()),
  campaignSteps: z.array(ZCampaignStep),
});
export type TPlaybook = z.infer<typeof ZPlaybook>;
