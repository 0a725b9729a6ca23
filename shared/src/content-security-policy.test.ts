import { describe, expect, it } from 'vitest';
import { HUBSPOT_CHAT_WIDGET_HOSTS, type TChatWidget } from './chat-widget';
import {
  APP_FRAME_ANCESTORS,
  CSP_SOURCE_DIRECTIVES,
  contentSecurityPolicy,
  frameAncestorsFor,
  parseContentSecurityPolicy,
  PICKER_FRAME_ANCESTORS,
  STRIPE_CSP_SOURCES,
  type CspInputs,
} from './content-security-policy';

const WIDGET: TChatWidget = { provider: 'hubspot', portalId: '12345678' };
const inputs: CspInputs = {
  backend: { 'connect-src': ['https://api.example.test', 'wss://ws.example.test'], 'img-src': ['https:'] },
  payments: STRIPE_CSP_SOURCES,
  frameAncestors: APP_FRAME_ANCESTORS,
};

describe('contentSecurityPolicy', () => {
  it('allows only the app itself, plus what the backend and payments name', () => {
    // Act
    const policy = parseContentSecurityPolicy(contentSecurityPolicy(inputs));

    // Assess
    expect(policy).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", 'https://js.stripe.com'],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      'media-src': ["'self'", 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'", 'https://api.example.test', 'wss://ws.example.test', 'https://api.stripe.com'],
      'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
  });

  it('never lets an inline or evaluated script run', () => {
    // Act
    const scripts = parseContentSecurityPolicy(contentSecurityPolicy({ ...inputs, chatWidget: WIDGET }))['script-src'];

    // Assess
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
  });

  it("frames nothing when no part names a frame, rather than falling back to default-src 'self'", () => {
    // Act
    const policy = contentSecurityPolicy({ ...inputs, payments: { 'connect-src': ['http://127.0.0.1:4103'] } });

    // Assess
    expect(parseContentSecurityPolicy(policy)['frame-src']).toEqual(["'none'"]);
  });

  it('names a source once when two parts both need it', () => {
    // Act
    const policy = contentSecurityPolicy({ ...inputs, payments: { 'img-src': ['https:', "'self'"] } });

    // Assess
    expect(parseContentSecurityPolicy(policy)['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:']);
  });

  it('adds exactly the chat widget hosts when a widget is configured, and none otherwise', () => {
    // Act
    const off = parseContentSecurityPolicy(contentSecurityPolicy(inputs));
    const on = parseContentSecurityPolicy(contentSecurityPolicy({ ...inputs, chatWidget: WIDGET }));

    // Assess: each directive gains the widget's hosts for it, nothing more; the rest is unchanged.
    const widgetHosts: Record<string, readonly string[] | undefined> = HUBSPOT_CHAT_WIDGET_HOSTS;
    for (const directive of Object.keys(on)) {
      const added = (on[directive] ?? []).filter((source) => !(off[directive] ?? []).includes(source));
      const expected = (widgetHosts[directive] ?? []).filter((host) => !(off[directive] ?? []).includes(host));
      expect(added, directive).toEqual(expected);
      expect(on[directive]?.slice(0, off[directive]?.length), directive).toEqual(off[directive]);
    }
    const allWidgetHosts = Object.values(HUBSPOT_CHAT_WIDGET_HOSTS).flat();
    expect(allWidgetHosts.filter((host) => contentSecurityPolicy(inputs).includes(host))).toEqual([]);
    expect(on['script-src']).toContain('https://js.hs-scripts.com');
    expect(on['frame-src']).toContain('https://app.hubspot.com');
  });

  it('takes the framers it is given', () => {
    // Act
    const policy = contentSecurityPolicy({ ...inputs, frameAncestors: PICKER_FRAME_ANCESTORS });

    // Assess
    expect(parseContentSecurityPolicy(policy)['frame-ancestors']).toEqual(['https://*.hubspot.com']);
  });

  it('lists every directive a part may add to', () => {
    // Act
    const directives = Object.keys(parseContentSecurityPolicy(contentSecurityPolicy(inputs)));

    // Assess
    for (const directive of CSP_SOURCE_DIRECTIVES) expect(directives).toContain(directive);
  });
});

describe('frameAncestorsFor', () => {
  it('lets HubSpot frame the CRM card picker (as CloudFront matches it) and nobody any other page', () => {
    // Assess
    expect(frameAncestorsFor('/public-campaigns-picker')).toBe('https://*.hubspot.com');
    expect(frameAncestorsFor('/public-campaigns-picker/anything')).toBe('https://*.hubspot.com');
    for (const path of ['/', '/dashboard', '/advertisers/bgAdvertiser-1', '/campaigns-picker']) {
      expect(frameAncestorsFor(path), path).toBe("'none'");
    }
  });
});
