import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { VIEWPORTS } from './harness.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * axe-core's serious and critical findings on the page as it is now, at the desktop and the phone
 * width, each as `<width>px <rule>: <help> (<first elements>)`. axe is evaluated through the
 * DevTools protocol rather than added as a script tag, which the SPA's Content-Security-Policy refuses.
 */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  const findings: string[] = [];
  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.evaluate(axeSource);
    const violations = await page.evaluate(async () => {
      const { axe } = window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } };
      return (await axe.run(document, { resultTypes: ['violations'] })).violations;
    });
    for (const v of violations) {
      if (v.impact === 'serious' || v.impact === 'critical') findings.push(`${viewport.width}px ${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')})`);
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  return findings;
}
