import { z } from 'zod';
import { PLAYBOOK_ICONS, STEP_NAMES } from '../constants';

/** Playbook card of the dashboard (spec 001 §3): icon is one of four names. */
export const ZPlaybook = z.object({
  id: z.string().min(1),
  icon: z.enum(PLAYBOOK_ICONS),
  title: z.string().min(1),
  description: z.array(z.string()),
  campaignSteps: z.array(z.object({ name: z.enum(STEP_NAMES), order: z.number().int(), label: z.string() })),
});
export type TPlaybook = z.infer<typeof ZPlaybook>;
