/**
 * The concept tree at GO scale: expanding the node with the most children (is-a and under the most
 * used relation), listing the roots, revealing paths, and the console examples. Times include
 * JSON.stringify, as the API sends the answer. Prints JSON; the target is under 100 ms to
 * expand a node with 1,000 children (met: the first expansion and the p95 of repeats under it).
 * With --browser, also in Chromium over the web server: from a click on the widest node's toggle to
 * its children on screen, the first time (fetch and render) and again (render only).
 * Options: --file <ontology> (default: generated GO-like, 50k classes), --runs 50, --browser.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { pick, seededRandom } from '../src-main/core/random';
import { OntologyService } from '../src-main/ontology/ontology-service';
import { ClassTree } from '../src-main/ontology/tree/class-tree';
import { consoleExamples } from '../src-main/query/console-examples';
import { CHROMIUM, openOntology } from '../test/e2e/support/harness';
import { ensureRendererBuilt } from '../test/e2e/support/renderer-build';
import { startServer } from '../test/e2e/support/server';
import { generated, round } from './perf-support';

const { values } = parseArgs({
  options: { file: { type: 'string' }, runs: { type: 'string' }, browser: { type: 'boolean' } },
});
const runs = Number(values.runs ?? 50);
const work = join(tmpdir(), 'oarag-bench');
mkdirSync(work, { recursive: true });
const file = values.file ?? generated('go', 50_000, work);
const service = new OntologyService({ cacheDir: join(work, 'cache-tree'), appVersion: 'bench' });
service.start();
const h = await service.open(file);
await service.bridge().stop();
const ix = h.closure;
const TARGET_MS = 100;

/**
 * The first call's wall and CPU time, then p50/p95/max wall time of `runs` more. CPU time is printed
 * because on a shared machine the wall time of one call can include seconds of waiting for a core.
 */
function timed(f: () => unknown) {
  const once = () => {
    const t0 = performance.now();
    JSON.stringify(f());
    return performance.now() - t0;
  };
  const cpu0 = process.cpuUsage();
  const first = once();
  const cpu = process.cpuUsage(cpu0);
  const times = Array.from({ length: runs }, once).sort((a, b) => a - b);
  const at = (q: number) => round(times[Math.min(times.length - 1, Math.floor(q * times.length))], 2);
  return {
    firstMs: round(first, 2),
    firstCpuMs: round((cpu.user + cpu.system) / 1000, 2),
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    maxMs: round(times.at(-1)!, 2),
  };
}

const met = (t: { firstMs: number; p95Ms: number }) => t.firstMs < TARGET_MS && t.p95Ms < TARGET_MS;

function widest(tree: ClassTree, relation: string | null): { iri: string; name: string; children: number } {
  let best = { iri: '', name: '', children: -1 };
  const seen = new Set<string>();
  const walk = (parent: string | null) => {
    for (const n of tree.children(parent, relation).nodes) {
      if (seen.has(n.iri)) continue;
      seen.add(n.iri);
      if (n.childCount > best.children) best = { iri: n.iri, name: n.name, children: n.childCount };
      if (n.childCount) walk(n.iri);
    }
  };
  walk(null);
  return best;
}

const tree = new ClassTree(ix);
const roots = timed(() => tree.children(null));
const isa = widest(tree, null);
const isaExpand = timed(() => tree.children(isa.iri));

const rel = tree.relations()[0];
const built = new ClassTree(ix);
const t0 = performance.now();
const c0 = process.cpuUsage();
built.children(null, rel.iri); // builds every relation's direct links once
const c1 = process.cpuUsage(c0);
const build = { wallMs: round(performance.now() - t0, 1), cpuMs: round((c1.user + c1.system) / 1000, 1) };
const partWidest = widest(built, rel.iri);
const relExpand = timed(() => built.children(partWidest.iri, rel.iri));

const rand = seededRandom(7);
const classes = ix.kindOf.flatMap((k, id) => (k === 'class' && !ix.deprecated.has(id) ? [id] : []));
const pathTimes = (relation: string | null) => {
  const times = Array.from({ length: 200 }, () => {
    const iri = ix.iri(pick(rand, classes));
    const s = performance.now();
    JSON.stringify(built.path(iri, relation));
    return performance.now() - s;
  }).sort((a, b) => a - b);
  return { n: 200, p50Ms: round(times[100], 2), p95Ms: round(times[190], 2) };
};

const e0 = performance.now();
const ec = process.cpuUsage();
const examples = consoleExamples(h);
const ecpu = process.cpuUsage(ec);
const examplesTime = { wallMs: round(performance.now() - e0, 1), cpuMs: round((ecpu.user + ecpu.system) / 1000, 1) };

await service.stop();
const browser = values.browser
  ? await inBrowser([
      { iri: isa.iri, name: isa.name, children: isa.children, relation: null },
      { iri: partWidest.iri, name: partWidest.name, children: partWidest.children, relation: rel.iri },
    ])
  : null;

console.log(
  JSON.stringify(
    {
      file: file.split('/').pop(),
      classes: h.summary.classes,
      closure: h.summary.closure,
      roots: { count: tree.children(null).nodes.length, ...roots },
      expandIsA: {
        node: isa.name,
        children: isa.children,
        ...isaExpand,
        targetMs: TARGET_MS,
        met: met(isaExpand),
      },
      relation: { name: rel.name, links: rel.links, buildAllRelations: build },
      expandRelation: {
        node: partWidest.name,
        children: partWidest.children,
        ...relExpand,
        targetMs: TARGET_MS,
        met: met(relExpand),
      },
      pathIsA: pathTimes(null),
      pathRelation: pathTimes(rel.iri),
      examples: { ...examplesTime, prefilled: examples.dialect[0] ?? null },
      ...(browser ? { browser } : {}),
    },
    null,
    2,
  ),
);

interface Target {
  iri: string;
  name: string;
  children: number;
  relation: string | null;
}

/** Click to children on screen in the Concepts view, for each target: first (fetch + render), then re-renders. */
async function inBrowser(targets: Target[]) {
  await ensureRendererBuilt();
  // A cache folder of its own that survives runs: only the first run pays the server's cold load.
  const server = await startServer({ OARAG_CACHE_DIR: join(work, 'cache-tree-web') });
  const b = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const page = await (await b.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(server.url);
    await page.locator('.shell[data-ready="yes"]').waitFor({ timeout: 30_000 });
    await openOntology(page, file);
    await page.getByTestId('nav-concepts').click();
    const out = [];
    for (const t of targets) {
      if (t.relation) await page.getByTestId('tree-relation').selectOption(t.relation);
      // Reveal the node through search (it is the end of the path, so it stays closed).
      await page.getByTestId('concept-search').fill(t.iri);
      await page.waitForFunction(
        (name) => document.querySelector('[data-testid="search-results"] [role="option"]')?.textContent?.includes(name),
        t.name,
      );
      await page.getByTestId('concept-search').press('Enter');
      await page.locator(`[role="treeitem"][data-iri="${t.iri}"][aria-selected="true"]`).waitFor({ timeout: 60_000 });
      const first = await expandMs(page, t);
      const again: number[] = [];
      for (let i = 0; i < 10; i++) {
        await page.locator(`[role="treeitem"][data-iri="${t.iri}"] [data-testid="tree-toggle"]`).click(); // close
        again.push(await expandMs(page, t));
      }
      again.sort((x, y) => x - y);
      out.push({
        tree: t.relation ? 'relation' : 'is-a',
        node: t.name,
        children: t.children,
        firstExpandMs: round(first, 1),
        reExpandP50Ms: round(again[5], 1),
        reExpandMaxMs: round(again[9], 1),
        targetMs: TARGET_MS,
        met: first >= 0 && again[0] >= 0 && first < TARGET_MS && again[9] < TARGET_MS,
      });
    }
    return out;
  } finally {
    await b.close();
    await server.stop();
  }
}

/** From the toggle's click to the frame after all the node's children are in the DOM. */
function expandMs(page: Page, t: Target): Promise<number> {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  return page.evaluate(async ({ iri, children }) => {
    // The list draws only the rows in sight; data-count is the number of rows it holds, set in the same render.
    const list = document.querySelector('[data-testid="tree-rows"]') as HTMLElement;
    const before = Number(list.dataset.count);
    const toggle = document.querySelector(`[role="treeitem"][data-iri="${iri}"] [data-testid="tree-toggle"]`);
    const start = performance.now();
    (toggle as HTMLElement).click();
    for (;;) {
      await new Promise((r) => requestAnimationFrame(r));
      if (Number(list.dataset.count) >= before + children) return performance.now() - start;
      if (performance.now() - start > 30_000) return -1;
    }
  }, t);
}
