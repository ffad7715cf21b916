/**
 * Accessibility checks in the end-to-end tests: axe-core (the npm package) run inside a page.
 * `axeViolations(page)` injects axe (once per document; through the DevTools protocol, which the
 * page's Content-Security-Policy does not block, and which leaves no CSP report) and returns what
 * it finds under WCAG 2.2 level AA and axe's best practices (AXE_TAGS); `formatViolations` makes
 * them readable in a failed expectation:
 *
 *   expect(formatViolations(await axeViolations(page)), 'axe, lobby 390x844').toEqual([]);
 */
import axe from 'axe-core';
import type { Page } from 'playwright-core';

export interface AxeViolation {
  /** The rule, e.g. `color-contrast`. */
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly helpUrl: string;
  /** The elements that fail it: CSS selectors, their HTML (cut short) and what is wrong. */
  readonly nodes: readonly { readonly target: string; readonly html: string; readonly summary: string }[];
}

/**
 * The rules run: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices, named
 * explicitly. Naming the tags also runs the rules axe leaves off by default, among them
 * `target-size` (WCAG 2.2's 2.5.8: a target at least 24x24 CSS pixels, or spaced as far); rules
 * axe marks experimental or deprecated stay off.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] as const;

export interface AxeOptions {
  /** Check only this part of the page (a CSS selector); the whole document otherwise. */
  readonly include?: string;
  /** Rules to leave out (ids), each with a reason in the caller's comment. */
  readonly disable?: readonly string[];
}

/** Runs axe on the page as it is now and returns its violations (empty: none). */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(axe.source);
  return page.evaluate(async ({ include, disable, tags }) => {
    const a = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const rules = Object.fromEntries(disable.map((id) => [id, { enabled: false }]));
    const result = await a.run(include === null ? document : include, {
      runOnly: { type: 'tag', values: tags }, rules, resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id, impact: v.impact ?? null, help: v.help, helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(' '), html: n.html.slice(0, 300), summary: n.failureSummary ?? '' })),
    }));
  }, { include: options.include ?? null, disable: [...(options.disable ?? [])], tags: [...AXE_TAGS] });
}

/** One line per failing element: `rule (impact): help — selector — what is wrong`. */
export function formatViolations(violations: readonly AxeViolation[]): string[] {
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact ?? '?'}): ${v.help} — ${n.target} — ${n.summary.replace(/\s+/g, ' ')} — ${n.html}`));
}
