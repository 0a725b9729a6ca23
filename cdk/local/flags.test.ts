import { describe, expect, it } from 'vitest';
import { parseFlags } from './flags';

describe('the local stack flags', () => {
  it('starts without a chat widget by default', () => {
    // Act
    const flags = parseFlags(['--ephemeral', '--web', 'build']);

    // Assess
    expect(flags).toMatchObject({ ephemeral: true, web: 'build', quiet: false });
    expect(flags.chatWidget).toBeUndefined();
  });

  it("turns HubSpot's chat widget on with --chat-widget-hubspot-portal-id", () => {
    // Act
    const flags = parseFlags(['--chat-widget-hubspot-portal-id', '12345678']);

    // Assess
    expect(flags.chatWidget).toEqual({ provider: 'hubspot', portalId: '12345678' });
    expect(flags.web).toBe('dev');
  });

  it('refuses a portal id that is not one, and an unknown web mode, with the usage', () => {
    // Assess
    expect(() => parseFlags(['--chat-widget-hubspot-portal-id', 'abc'])).toThrow(
      /--chat-widget-hubspot-portal-id must be a HubSpot portal id \(digits\), not "abc"\nUsage:/,
    );
    expect(() => parseFlags(['--web', 'static'])).toThrow(/--web must be dev, build or none\nUsage:/);
    expect(() => parseFlags(['--chat-widget'])).toThrow(/Unknown option '--chat-widget'/);
  });
});
