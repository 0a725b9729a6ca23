import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The axe violations of serious or critical impact on the page as it is painted, one line each (rule,
 * help, the nodes). Waits first for entry and exit animations (dialog backdrops, toasts) to finish, or a
 * half-faded overlay reads as low contrast; endless ones (spinners, skeleton pulses) are left alone.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')})`,
    );
}
