import * as z from './zod';

/**
 * The live chat widget of spec 000 §9 and 001 §9 ("a live chat widget script is loaded at start"):
 * the operator's own HubSpot portal's chat. Optional in the runtime config; unset, nothing is loaded
 * and the CSP names no widget host.
 */
export const ZChatWidget = z.object({
  provider: z.literal('hubspot'),
  /** The HubSpot account (portal) id whose chat is shown, as HubSpot's embed code names it. */
  portalId: z.string().check(z.regex(/^[1-9]\d{0,11}$/, 'a HubSpot portal id (digits)')),
});
export type TChatWidget = z.infer<typeof ZChatWidget>;

/** The id HubSpot's embed code gives its loader script (it checks for it to load only once). */
export const CHAT_WIDGET_SCRIPT_ID = 'hs-script-loader';

/** The one script the app adds: HubSpot's loader for the portal (na1, HubSpot's default data centre). */
export const chatWidgetScriptUrl = (widget: TChatWidget): string => `https://js.hs-scripts.com/${widget.portalId}.js`;

/**
 * What the HubSpot loader needs from the page's CSP (na1 hosts), by directive:
 * - the loader, and the scripts it adds for the chat: the conversations embed, the analytics that
 *   gives the visitor the token the chat knows them by, and the cookie banner the chat honours;
 * - the embed's call for the portal's widget settings (`api.hubspot.com`);
 * - the chat itself, a frame of `app.hubspot.com` (its messages and sockets are that frame's own);
 * - the analytics beacons (`track.hubspot.com`).
 * Styles need nothing more (the launcher's are inline, which the app already allows), nor fonts (the
 * chat draws in HubSpot's frame). Left out on purpose: collected forms (`js.hscollectedforms.net`
 * would read the app's own forms, the sign-in form included), ads pixels (`js.hsadspixel.net`) and
 * lead flows (`js.hsleadflows.net`): a portal that turns them on gets them refused by the CSP.
 */
export const HUBSPOT_CHAT_WIDGET_HOSTS = {
  'script-src': [
    'https://js.hs-scripts.com',
    'https://js.usemessages.com',
    'https://js.hs-analytics.net',
    'https://js.hs-banner.com',
  ],
  'connect-src': ['https://api.hubspot.com'],
  'frame-src': ['https://app.hubspot.com'],
  'img-src': ['https://track.hubspot.com'],
} as const;

/** The hosts a widget needs, by CSP directive. */
export const chatWidgetHosts = (widget: TChatWidget): typeof HUBSPOT_CHAT_WIDGET_HOSTS => {
  switch (widget.provider) {
    case 'hubspot':
      return HUBSPOT_CHAT_WIDGET_HOSTS;
  }
};
