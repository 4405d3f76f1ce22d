/**
 * axe (WCAG 2.x A/AA) on the page as it is once it has settled: every finite CSS animation and
 * transition (a dialog fading in, a banner sliding) has ended first, because axe reads computed
 * colours and a half-faded button fails contrast. Endless ones (spinners) are not waited for.
 * Returns readable lines (rule, impact, help, the first elements and why); `[]` is a pass.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

export async function axeViolations(page: Page): Promise<string[]> {
  await animationsDone(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return results.violations.flatMap((v) => [
    `${v.id} (${v.impact ?? 'n/a'}): ${v.help}`,
    ...v.nodes
      .slice(0, 5)
      .map((n) => `    ${n.target.join(' ')} ${n.html.slice(0, 120)}: ${n.failureSummary?.split('\n').slice(1, 2).join(' ').trim() ?? ''}`),
  ]);
}
