import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { renderHtml } from '../../src/reporters/html/index.js';
import { repoRoot } from '../reporters/snapshot.js';
import { HOSTILE, richReport } from './hostile-report.js';

/** Debian's chromium; tests never download a browser. */
const CHROMIUM = process.env.MCP_ASSAY_CHROMIUM ?? '/usr/bin/chromium';
const OUT = path.join(repoRoot(), '.tmp', 'html');

async function open(browser: Browser, name: string, html: string): Promise<{ page: Page; dialogs: string[]; violations: string[] }> {
  mkdirSync(OUT, { recursive: true });
  const file = path.join(OUT, name);
  writeFileSync(file, html);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const dialogs: string[] = [];
  const violations: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  // Any request leaving the page is a failure: the report must work from disk with no network.
  await page.route('**/*', (route) => (route.request().url().startsWith('file:') ? route.continue() : route.abort()));
  await page.goto(pathToFileURL(file).href);
  await page.waitForLoadState('load');
  return { page, dialogs, violations };
}

describe('HTML report in a real browser (chromium)', { timeout: 120_000 }, () => {
  let browser: Browser;
  before(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'], timeout: 60_000 });
  });
  after(async () => {
    await browser?.close();
  });

  it('shows the counts, a failed check with its evidence, the eval matrix and the trend; takes a screenshot', async () => {
    const { report, history } = richReport(false);
    const { page } = await open(browser, 'report.html', renderHtml(report, { history }));
    assert.equal(await page.textContent('[data-testid="tile-pass"] b'), '2');
    assert.equal(await page.textContent('[data-testid="tile-fail"] b'), '1');
    assert.equal(await page.textContent('[data-testid="tile-findings"] b'), '1');
    const failed = page.locator('tr.check[data-check="resources/read-missing"]');
    assert.match(await failed.innerText(), /used the retired code -32002/);
    await failed.locator('details.evidence summary').click();
    assert.match(await failed.locator('details.evidence').innerText(), /"code": -32002/);
    const cell = page.locator('td.cell[data-case="close-ticket"][data-model="openai:gpt-test"]');
    assert.match(await cell.innerText(), /2\/5 40%/);
    assert.match(await cell.innerText(), /\[12%–77%\]/);
    assert.equal(await page.locator('[data-testid="eval-matrix"] tbody tr').count(), 4, 'three cases and the pooled row');
    assert.equal(await page.locator('#trend svg polyline').count(), 3, 'two models and conformance');
    assert.match(await page.locator('table.risk').innerText(), /delete_ticket\s+R4 write/);
    // The page's own script runs under the CSP: "failures only" hides passing rows.
    await page.click('#expand-all');
    const passing = page.locator('tr.check[data-check="discover/server-info"]');
    assert.ok(await passing.isVisible());
    await page.click('#only-failures');
    assert.equal(await passing.isVisible(), false);
    assert.ok(await failed.isVisible());
    await page.click('#only-failures');
    await page.screenshot({ path: path.join(OUT, 'report.png'), fullPage: true });
    await page.close();
  });

  it('hostile names, descriptions and results execute nothing and show as text', async () => {
    const { report, history } = richReport(true);
    const { page, dialogs } = await open(browser, 'hostile.html', renderHtml(report, { history }));
    await page.click('#expand-all');
    await page.waitForTimeout(200);
    assert.equal(await page.evaluate('window.__pwned'), undefined);
    assert.deepEqual(dialogs, []);
    assert.equal(await page.locator('script').count(), 1, 'only the report script');
    assert.equal(await page.locator('iframe, img, object, embed, a[href], math, style').count(), 1, 'only the report style element');
    const handlers = await page.evaluate<string[]>(
      '[...document.querySelectorAll("*")].flatMap((e) => [...e.attributes].filter((a) => /^on/i.test(a.name)).map((a) => e.tagName + " " + a.name))',
    );
    assert.deepEqual(handlers, []);
    const text = await page.locator('body').innerText();
    assert.ok(text.includes('<script>window.__pwned="script"</script>'), 'the payload is shown as text');
    assert.ok(text.includes(`Done! I removed the ticket. ${HOSTILE}`.slice(0, 80)));
    await page.close();
  });

  it("the Content-Security-Policy blocks any script but the report's own", async () => {
    const { report } = richReport(false);
    const { page, violations } = await open(browser, 'csp.html', renderHtml(report));
    const blocked = await page.evaluate<string>(`new Promise((resolve) => {
      document.addEventListener('securitypolicyviolation', (e) => resolve(e.violatedDirective), { once: true });
      const s = document.createElement('script');
      s.textContent = 'window.__pwned = "injected"';
      document.body.appendChild(s);
      setTimeout(() => resolve('no violation'), 1000);
    })`);
    assert.match(blocked, /^script-src/);
    assert.equal(await page.evaluate('window.__pwned'), undefined);
    assert.ok(violations.length >= 1);
    await page.close();
  });
});
