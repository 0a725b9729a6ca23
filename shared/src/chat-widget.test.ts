import { describe, expect, it } from 'vitest';
import { chatWidgetScriptUrl, ZChatWidget } from './chat-widget';
import { ZRuntimeConfig } from './runtime-config';

const config = {
  stage: 'dev',
  region: 'us-east-1',
  apiUrl: 'https://abc.execute-api.us-east-1.amazonaws.com/dev',
  wsUrl: 'wss://def.execute-api.us-east-1.amazonaws.com/dev',
  cognito: { userPoolId: 'us-east-1_abc', userPoolClientId: 'client' },
  payments: { mode: 'stripe', publishableKey: 'pk_test_1' },
  supportUrl: 'https://bidgrid.app/support',
};

describe('the chat widget', () => {
  it("loads HubSpot's loader of the portal", () => {
    // Act
    const url = chatWidgetScriptUrl(ZChatWidget.parse({ provider: 'hubspot', portalId: '44416662' }));

    // Assess
    expect(url).toBe('https://js.hs-scripts.com/44416662.js');
  });

  it.each(['', '0123', 'abc', '12 34', '../x', '1234567890123'])('refuses the portal id %j', (portalId) => {
    // Assess
    expect(ZChatWidget.safeParse({ provider: 'hubspot', portalId }).success).toBe(false);
  });

  it('refuses a provider it cannot load', () => {
    // Assess
    expect(ZChatWidget.safeParse({ provider: 'intercom', portalId: '1' }).success).toBe(false);
  });

  it('is optional in the runtime config', () => {
    // Act
    const without = ZRuntimeConfig.safeParse(config);
    const withWidget = ZRuntimeConfig.safeParse({ ...config, chatWidget: { provider: 'hubspot', portalId: '1' } });
    const broken = ZRuntimeConfig.safeParse({ ...config, chatWidget: { provider: 'hubspot' } });

    // Assess
    expect(without.success && without.data.chatWidget).toBeUndefined();
    expect(withWidget.success && withWidget.data.chatWidget).toEqual({ provider: 'hubspot', portalId: '1' });
    expect(broken.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['chatWidget.portalId']);
  });
});
