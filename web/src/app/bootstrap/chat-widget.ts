import { CHAT_WIDGET_SCRIPT_ID, chatWidgetScriptUrl, type TChatWidget } from '@bidgrid/shared/chat-widget';

/** What the loader uses of the browser window (the real `window` by default; tests pass their own). */
export interface ChatWidgetWindow {
  readonly document: Document;
  readonly self: unknown;
  readonly top: unknown;
  readonly requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  setTimeout(callback: () => void, ms: number): number;
  /** Calls back once the page has painted content (the real window watches its paint timings). */
  readonly afterFirstContentfulPaint?: (callback: () => void) => void;
}

/**
 * Calls back once the page's first contentful paint is in (at once where the browser reports no paint
 * timings). Idle alone is not enough: with the runtime config in the page, start-up can reach an idle
 * moment while the first route's code is still loading, before anything is painted.
 */
export function afterFirstContentfulPaint(callback: () => void): void {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes.includes('paint')) {
    callback();
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    callback();
  });
  observer.observe({ type: 'paint', buffered: true });
}

/** A page that never goes idle (a long report) still gets its chat, this long after the first render. */
export const IDLE_TIMEOUT_MS = 5_000;

/**
 * Where `requestIdleCallback` is missing (Safari), a fixed delay stands in for "idle": past the first
 * paint and the first reads of a typical load, short enough that a visitor looking for help finds it.
 */
export const NO_IDLE_CALLBACK_DELAY_MS = 2_000;

/** Why the widget was not scheduled; `scheduled` when it will be added once the browser is idle. */
export type ChatWidgetSchedule = 'scheduled' | 'not-configured' | 'in-frame';

/**
 * Spec 000 §9: the live chat widget is loaded at start, here HubSpot's loader for the operator's
 * portal, as HubSpot's embed code has it (one async script, id `hs-script-loader`). Call it once
 * the app has been handed to React: the script is added when the browser is next idle after the first
 * contentful paint, so it never competes with it. Nothing happens when the runtime config names no widget, nor inside a
 * frame: the CRM card shows the picker in an iframe on HubSpot's own page, which has its own chat.
 * The script is added once, however often this is called.
 */
export function scheduleChatWidget(
  widget: TChatWidget | undefined,
  win: ChatWidgetWindow = window,
): ChatWidgetSchedule {
  if (!widget) return 'not-configured';
  if (win.self !== win.top) return 'in-frame';
  const add = (): void => {
    const { document } = win;
    if (document.getElementById(CHAT_WIDGET_SCRIPT_ID)) return;
    const script = document.createElement('script');
    script.id = CHAT_WIDGET_SCRIPT_ID;
    script.async = true;
    script.defer = true;
    script.src = chatWidgetScriptUrl(widget);
    document.body.appendChild(script);
  };
  const whenIdle = (): void => {
    if (win.requestIdleCallback) win.requestIdleCallback(add, { timeout: IDLE_TIMEOUT_MS });
    else win.setTimeout(add, NO_IDLE_CALLBACK_DELAY_MS);
  };
  (win.afterFirstContentfulPaint ?? afterFirstContentfulPaint)(whenIdle);
  return 'scheduled';
}
