import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sharedOntologiesDir } from '../../../src-main/core/paths';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { toPalettePng } from './png-palette';
import { ensureRendererBuilt, REPO } from './renderer-build';
import { startServer, type ServedApp } from './server';

export const CHROMIUM = process.env.OARAG_CHROMIUM ?? '/usr/bin/chromium';
export const BRIDGE_JAR = process.env.OARAG_BRIDGE_JAR ?? join(REPO, 'resources', 'elk-bridge', 'elk-bridge.jar');
export const SAMPLE = join(REPO, 'resources', 'samples', 'cardio.ofn');
export const ARTIFACTS = join(REPO, 'test-artifacts', 'e2e');
export const DOCS_SHOTS = join(REPO, 'docs', 'screenshots');
/** Real ontologies live outside the repo (same default as test/support/shared-ontologies.ts). */
export const SHARED_ONTOLOGIES = sharedOntologiesDir();
export const PIZZA = join(SHARED_ONTOLOGIES, 'pizza.owl');

/**
 * Why the browser flows cannot run here, or null. A skip is never silent: it is noted for the run's
 * summary, and under CI it is an error, since a CI run that drove no browser must not look green.
 */
export function browserSkipReason(): string | null {
  const reason = browserMissing();
  if (!reason) return null;
  if (process.env.CI === 'true') throw new Error(`e2e tests cannot run under CI: ${reason}`);
  const log = process.env.OARAG_BROWSER_SKIP_LOG;
  if (log) appendFileSync(log, `${reason}\n`);
  return reason;
}

function browserMissing(): string | null {
  if (!existsSync(CHROMIUM)) return `Chromium not found at ${CHROMIUM} (install it, or set OARAG_CHROMIUM)`;
  if (!existsSync(BRIDGE_JAR)) return `the ELK bridge jar ${BRIDGE_JAR} is absent (npm run build:bridge)`;
  return null;
}

export function warnSkip(what: string, reason: string): void {
  console.warn(`[skip] ${what}: ${reason}`);
}

export interface Session {
  server: ServedApp;
  browser: Browser;
  page: Page;
  /** Console errors and failed requests seen by the page. */
  problems: string[];
  close(): Promise<void>;
}

/** Builds the renderer if needed, starts `oarag serve`, opens its URL (with the token) in headless Chromium. */
export async function openApp(opts: { theme?: 'light' | 'dark'; env?: Record<string, string> } = {}): Promise<Session> {
  await ensureRendererBuilt();
  const server = await startServer(opts.env);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    });
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      deviceScaleFactor: 1,
      colorScheme: opts.theme ?? 'light',
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    await page.goto(server.url);
    await page.locator('.shell[data-ready="yes"]').waitFor({ timeout: 30_000 });
    const b = browser;
    return {
      server,
      browser: b,
      page,
      problems,
      close: async () => {
        await b.close().catch(() => {});
        await server.stop();
      },
    };
  } catch (e) {
    await browser?.close().catch(() => {});
    await server.stop();
    throw e;
  }
}

/**
 * Saves a screenshot under test-artifacts/e2e/; with OARAG_DOCS_SCREENSHOTS=1 also (palette-reduced) under
 * docs/screenshots/ (the README's pictures), so a normal test run does not rewrite tracked files.
 */
export async function shot(page: Page, name: string, opts: { docs?: boolean } = {}): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = join(ARTIFACTS, `${name}.png`);
  // Transient toasts would cover the view.
  await page.addStyleTag({ content: '.toasts { display: none !important; }' });
  await page.screenshot({ path: file });
  if (opts.docs && process.env.OARAG_DOCS_SCREENSHOTS === '1') {
    mkdirSync(DOCS_SHOTS, { recursive: true });
    // A 256-colour palette keeps the README's pictures small (about 50 KB each).
    writeFileSync(join(DOCS_SHOTS, `${name}.png`), toPalettePng(readFileSync(file)));
  }
  return file;
}

/** Opens an ontology through the Ontologies view's path field and waits for its statistics. */
export async function openOntology(page: Page, path: string): Promise<void> {
  await page.getByTestId('nav-ontologies').click();
  await page.getByTestId('ontology-path').fill(path);
  await page.getByTestId('ontology-open').click();
  await page.getByTestId('ontology-summary').waitFor({ timeout: 120_000 });
  await page.waitForFunction(
    (p) => document.querySelector('[data-testid="ontology-summary"] code')?.textContent === p,
    path,
    { timeout: 120_000 },
  );
}

/** Waits for one of several selectors; returns the index of the first that appears. */
export async function firstOf(page: Page, selectors: string[], timeout = 120_000): Promise<number> {
  const handle = await page.waitForFunction(
    (sels) => {
      const i = sels.findIndex((s) => document.querySelector(s));
      return i >= 0 ? i + 1 : 0;
    },
    selectors,
    { timeout, polling: 200 },
  );
  return ((await handle.jsonValue()) as number) - 1;
}

/** Types a multiple-choice question and its options into the Ask view (adding option rows as needed). */
export async function fillChoice(page: Page, question: string, options: string[]): Promise<void> {
  await page.getByTestId('nav-ask').click();
  await page.locator('label.kind', { hasText: 'Multiple choice' }).click();
  await page.getByTestId('ask-question').fill(question);
  const opts = page.getByTestId('ask-options');
  for (const [i, name] of options.entries()) {
    const label = `Option ${String.fromCharCode(65 + i)}`;
    if (i >= 2) await opts.getByRole('button', { name: '+ Add option' }).click();
    await opts.getByLabel(label, { exact: true }).fill(name);
  }
}

/** Runs the typed question with a model and waits for its answer; a failed run throws with its error. */
export async function runAsk(page: Page, model: string): Promise<Locator> {
  await page.getByTestId('ask-model').fill(model);
  await page.getByTestId('ask-submit').click();
  const which = await firstOf(page, ['[data-testid="answer-text"]', '[data-testid="answer-error"]']);
  if (which === 1) throw new Error(`Ask failed: ${await page.getByTestId('answer-error').textContent()}`);
  return page.getByTestId('answer');
}
