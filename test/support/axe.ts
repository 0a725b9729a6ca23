import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The axe violations of serious or critical impact on the page as it is painted, one line each (rule,
 * help, the nodes). Waits first for entry and exit animations (dialog backdrops, toasts) to finish, or a
 * half-faded overlay reads as low contrast; endless ones (spinners, skeleton pulses) are left alone.
 *
 * A page without frames is checked by one `axe.run` in the page itself (axe's legacy mode). The
 * default mode runs axe in each frame and then opens a blank page of its own to put the results
 * together: on the dashboard 800 ms a check against 330 ms, and the browser suite runs about a hundred.
 * A page with frames (the CRM card picker inside HubSpot's page) keeps the default mode, the one
 * that reaches into a frame of another origin. Only violations are asked for (no list of passes).
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page })
    .setLegacyMode(page.frames().length === 1)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')})`,
    );
}
