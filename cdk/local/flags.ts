import { parseArgs } from 'node:util';
import { ZChatWidget, type TChatWidget } from '@bidgrid/shared/chat-widget';
import type { WebMode } from './stack';

export const USAGE =
  'Usage: tsx cdk/local/main.ts [--data-dir DIR] [--ephemeral] [--free-ports] [--web dev|build|none] ' +
  '[--chat-widget-hubspot-portal-id ID] [--info-file F] [--quiet] [--verbose]';

/** The flags of `cdk/local/main.ts`, checked. */
export interface LocalStackFlags {
  readonly 'data-dir'?: string | undefined;
  readonly ephemeral: boolean;
  readonly 'free-ports': boolean;
  readonly web: WebMode;
  /** The live chat widget, from `--chat-widget-hubspot-portal-id` (none without it). */
  readonly chatWidget?: TChatWidget | undefined;
  readonly 'info-file'?: string | undefined;
  readonly quiet: boolean;
  readonly verbose: boolean;
  readonly help: boolean;
}

/** Reads the flags of `cdk/local/main.ts`; throws with the usage on an unknown flag or a bad value. */
export function parseFlags(argv: readonly string[]): LocalStackFlags {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      'data-dir': { type: 'string' },
      ephemeral: { type: 'boolean', default: false },
      'free-ports': { type: 'boolean', default: false },
      web: { type: 'string', default: 'dev' },
      'chat-widget-hubspot-portal-id': { type: 'string' },
      'info-file': { type: 'string' },
      quiet: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (!['dev', 'build', 'none'].includes(values.web)) throw new Error(`--web must be dev, build or none\n${USAGE}`);
  const { 'chat-widget-hubspot-portal-id': portalId, ...rest } = values;
  let chatWidget: TChatWidget | undefined;
  if (portalId !== undefined) {
    const parsed = ZChatWidget.safeParse({ provider: 'hubspot', portalId });
    if (!parsed.success) {
      throw new Error(
        `--chat-widget-hubspot-portal-id must be a HubSpot portal id (digits), not "${portalId}"\n${USAGE}`,
      );
    }
    chatWidget = parsed.data;
  }
  return { ...rest, web: values.web as WebMode, chatWidget };
}
