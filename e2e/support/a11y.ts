import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

/**
 * The WCAG 2.0, 2.1 and 2.2 A and AA rules, as an inspector runs them, plus WCAG 2.5.3 (an
 * accessible name contains the visible label), which axe files as experimental and so leaves
 * out unless asked.
 */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** One line per failing element: rule, selector, the element and axe's own summary. */
function describe(violations: axe.Result[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id}: ${node.target.join(' ')} ${node.html.replace(/\s+/g, ' ').slice(0, 160)} — ${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)}`,
    ),
  );
}

const wcagRuleOptions: axe.RunOptions = {
  runOnly: { type: 'tag', values: wcagTags },
  rules: { 'label-content-name-mismatch': { enabled: true } },
};

/**
 * The rules whose outcome depends on colours. A second theme changes only colours (the same
 * elements, names, roles and sizes), so it needs only these once the first theme has passed
 * every rule.
 */
const colourRuleOptions: axe.RunOptions = {
  runOnly: { type: 'rule', values: ['color-contrast', 'link-in-text-block'] },
};

/**
 * A notice on its way out fades over a fraction of a second: its colours half way are not what
 * anyone reads, and a notice can start leaving between the wait for animations and the check.
 */
const leavingNotice = '.Toastify__toast[data-in="false"]';

/** A notice itself; its progress bar, which times its closing, is left alone. */
const notices = '.Toastify__toast';

/**
 * Colours half way through a change are not what anyone reads: a notice fading in, or a button
 * going back from disabled grey to its colour over MUI's quarter second. Before a check, each
 * notice's own animation and every running CSS transition are brought to their end.
 */
function settleColours(selector: string): void {
  for (const animation of document.getAnimations()) {
    const target = (animation.effect as KeyframeEffect | null)?.target;
    const isNotice = target instanceof Element && target.matches(selector);
    if (isNotice || animation instanceof CSSTransition) animation.finish();
  }
}

/**
 * Runs axe on the page as it is now: one line per failing element (none: accessible). A page
 * without frames is checked in place, with axe loaded once per document and only the
 * violations sent back (several times quicker); a page with frames goes through AxeBuilder,
 * which checks every frame.
 */
export async function accessibilityViolations(
  page: Page,
  { coloursOnly = false }: { coloursOnly?: boolean } = {},
): Promise<string[]> {
  const runOptions = coloursOnly ? colourRuleOptions : wcagRuleOptions;
  if (page.frames().length > 1) {
    await page.evaluate(settleColours, notices);
    return describe(
      (await new AxeBuilder({ page }).exclude(leavingNotice).options(runOptions).analyze())
        .violations,
    );
  }
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  await page.evaluate(settleColours, notices);
  const violations = await page.evaluate(
    ({ options, exclude }) =>
      (window as unknown as { axe: typeof axe }).axe
        .run({ exclude: [exclude] }, { ...options, resultTypes: ['violations'] })
        .then((results) => results.violations),
    { options: runOptions, exclude: leavingNotice },
  );
  return describe(violations);
}

/**
 * Runs axe on the page as it is now and fails the test on any violation, naming each element.
 * `what` says which screen and state were checked (it heads the failure message).
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  expect(await accessibilityViolations(page), `axe violations on ${what}`).toEqual([]);
}

/** Nothing wider than the screen: no text cut off or pushed out sideways (tables scroll inside). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}
