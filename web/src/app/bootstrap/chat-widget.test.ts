import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TChatWidget } from '@bidgrid/shared/chat-widget';
import { IDLE_TIMEOUT_MS, NO_IDLE_CALLBACK_DELAY_MS, scheduleChatWidget, type ChatWidgetWindow } from './chat-widget';

const WIDGET: TChatWidget = { provider: 'hubspot', portalId: '12345678' };

/** A window over the test's document whose idle callbacks run only when the test says the browser is idle. */
function browser(options: { inFrame?: boolean; idleCallback?: boolean } = {}) {
  const idle: Array<{ run: () => void; timeout: number | undefined }> = [];
  const timers: Array<{ run: () => void; ms: number }> = [];
  const top = {};
  const win: ChatWidgetWindow = {
    document,
    self: options.inFrame ? {} : top,
    top,
    ...(options.idleCallback === false
      ? {}
      : {
          requestIdleCallback: (run: () => void, idleOptions?: { timeout: number }) =>
            idle.push({ run, timeout: idleOptions?.timeout }),
        }),
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
  };
  return {
    win,
    idle,
    timers,
    goIdle: () => idle.splice(0).forEach(({ run }) => run()),
  };
}

const widgetScripts = () => [...document.querySelectorAll('script')].filter((s) => s.src.includes('hs-scripts'));

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the live chat widget', () => {
  it("adds HubSpot's loader for the portal once the browser is idle, not before", () => {
    // Prepare
    const { win, idle, goIdle } = browser();

    // Act
    const scheduled = scheduleChatWidget(WIDGET, win);
    const beforeIdle = widgetScripts().length;
    goIdle();

    // Assess
    expect(scheduled).toBe('scheduled');
    expect(beforeIdle).toBe(0);
    expect(idle).toEqual([]);
    const [script, ...more] = widgetScripts();
    expect(more).toEqual([]);
    expect(script?.id).toBe('hs-script-loader');
    expect(script?.src).toBe('https://js.hs-scripts.com/12345678.js');
    expect(script?.async).toBe(true);
    expect(script?.defer).toBe(true);
  });

  it('waits for the first contentful paint before it waits for idle', () => {
    // Prepare
    const painted: Array<() => void> = [];
    const { win, idle, goIdle } = browser();
    const beforePaint: ChatWidgetWindow = { ...win, afterFirstContentfulPaint: (callback) => painted.push(callback) };

    // Act: idle before anything is painted
    scheduleChatWidget(WIDGET, beforePaint);
    goIdle();

    // Assess
    expect(idle).toEqual([]);
    expect(widgetScripts()).toEqual([]);

    // Act: the page paints, then goes idle
    painted.splice(0).forEach((callback) => callback());
    goIdle();

    // Assess
    expect(widgetScripts()).toHaveLength(1);
  });

  it('asks the browser to run it within a few seconds even on a page that never goes idle', () => {
    // Prepare
    const { win, idle } = browser();

    // Act
    scheduleChatWidget(WIDGET, win);

    // Assess
    expect(idle.map(({ timeout }) => timeout)).toEqual([IDLE_TIMEOUT_MS]);
  });

  it('adds the script once, however often it is scheduled', () => {
    // Prepare
    const { win, goIdle } = browser();

    // Act
    scheduleChatWidget(WIDGET, win);
    scheduleChatWidget(WIDGET, win);
    goIdle();
    scheduleChatWidget(WIDGET, win);
    goIdle();

    // Assess
    expect(widgetScripts()).toHaveLength(1);
  });

  it('adds nothing when the runtime config names no widget', () => {
    // Prepare
    const { win, idle, timers } = browser();

    // Act
    const scheduled = scheduleChatWidget(undefined, win);

    // Assess
    expect(scheduled).toBe('not-configured');
    expect(idle).toEqual([]);
    expect(timers).toEqual([]);
    expect(widgetScripts()).toEqual([]);
  });

  it("adds nothing inside a frame (the CRM card's picker on HubSpot's page)", () => {
    // Prepare
    const { win, idle, timers, goIdle } = browser({ inFrame: true });

    // Act
    const scheduled = scheduleChatWidget(WIDGET, win);
    goIdle();

    // Assess
    expect(scheduled).toBe('in-frame');
    expect(idle).toEqual([]);
    expect(timers).toEqual([]);
    expect(widgetScripts()).toEqual([]);
  });

  it('waits a fixed delay instead where the browser has no idle callback (Safari)', () => {
    // Prepare
    const { win, timers } = browser({ idleCallback: false });

    // Act
    scheduleChatWidget(WIDGET, win);
    const beforeTimer = widgetScripts().length;
    const delays = timers.map(({ ms }) => ms);
    timers.splice(0).forEach(({ run }) => run());

    // Assess
    expect(delays).toEqual([NO_IDLE_CALLBACK_DELAY_MS]);
    expect(beforeTimer).toBe(0);
    expect(widgetScripts()).toHaveLength(1);
  });

  it('uses the real window by default: idle callback, top-level page', () => {
    // Prepare
    const requestIdleCallback = vi.fn<(run: () => void, options?: { timeout: number }) => number>(() => 1);
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);

    // Act
    const scheduled = scheduleChatWidget(WIDGET);
    requestIdleCallback.mock.calls[0]?.[0]();

    // Assess
    expect(scheduled).toBe('scheduled');
    expect(widgetScripts()).toHaveLength(1);
  });
});
