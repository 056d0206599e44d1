// Fails when the ELK bridge's Java packages depend on each other in a cycle, so that they keep one order by phase:
// common, model, load, prepare, classify, closure, dump, diff, extract, the commands (query, revise), server. Run by
// `npm run lint`.
//
//   node scripts/check-java-cycles.mjs [dir ...]   (default: resources/elk-bridge/src/main/java)
//
// A package depends on another when one of its files imports (or static-imports) from it, or names one of its
// classes fully qualified in code. Classes of the same package need no import, so every reference to another
// package shows up as one of these. Comments and string literals are blanked first, so that a class named in a
// Javadoc or a usage message does not count.
//
// Only the main sources are checked: the tests sit in the packages of what they test and share fixtures
// (`oarag.bridge.testing`) that run whole commands, so in test scope every package meets every other by design.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cyclicComponents } from './strong-components.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (name.endsWith('.java')) out.push(p);
  }
  return out;
}

/** The text with comments, string and char literals (text blocks included) replaced by spaces; newlines kept. */
function codeOnly(text) {
  let out = '';
  let i = 0;
  const blank = (s) => s.replace(/[^\n]/g, ' ');
  while (i < text.length) {
    const c = text[i];
    const two = text.slice(i, i + 2);
    let end = -1;
    if (two === '//') end = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i);
    else if (two === '/*') end = text.indexOf('*/', i + 2) === -1 ? text.length : text.indexOf('*/', i + 2) + 2;
    else if (text.startsWith('"""', i)) end = literalEnd(text, i + 3, '"""');
    else if (c === '"' || c === "'") end = literalEnd(text, i + 1, c);
    if (end === -1) {
      out += c;
      i++;
    } else {
      out += blank(text.slice(i, end));
      i = end;
    }
  }
  return out;
}

function literalEnd(text, from, quote) {
  for (let j = from; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text.startsWith(quote, j)) return j + quote.length;
    else if (quote !== '"""' && text[j] === '\n') return j; // unterminated: javac will say so
  }
  return text.length;
}

/** Each file's package and the dotted names it references (imports and fully qualified names), with line numbers. */
function readSources(dirs) {
  return dirs
    .flatMap((d) => walk(join(root, d), []))
    .map((file) => {
      const code = codeOnly(readFileSync(file, 'utf8'));
      const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(code)?.[1] ?? '';
      const refs = [];
      code.split('\n').forEach((line, n) => {
        const imp = /^\s*import\s+(?:static\s+)?([\w.]+?)(?:\.\*)?\s*;/.exec(line);
        if (imp) refs.push({ name: imp[1], line: n + 1, how: 'imports' });
        else if (!/^\s*package\s/.test(line))
          for (const m of line.matchAll(/\b[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)+/g))
            refs.push({ name: m[0].replace(/\s+/g, ''), line: n + 1, how: 'names' });
      });
      return { file, pkg, refs };
    });
}

/** The package a dotted name lies in: the longest known package it starts with (null if none). */
function packageOf(name, packages) {
  let best = null;
  for (const p of packages)
    if ((name === p || name.startsWith(`${p}.`)) && (best === null || p.length > best.length)) best = p;
  return best;
}

/** Package -> the packages it depends on, and for every edge the first reference that makes it. */
function packageGraph(sources) {
  const packages = new Set(sources.map((s) => s.pkg));
  const graph = new Map([...packages].map((p) => [p, new Set()]));
  const why = new Map();
  for (const { file, pkg, refs } of sources)
    for (const ref of refs) {
      const to = packageOf(ref.name, packages);
      // in code, a name that is only a package (no class after it) uses nothing; `import a.b.*` does
      if (to === null || to === pkg || (ref.name === to && ref.how === 'names')) continue;
      graph.get(pkg).add(to);
      const key = `${pkg} -> ${to}`;
      if (!why.has(key)) why.set(key, `${relative(root, file)}:${ref.line} ${ref.how} ${ref.name}`);
    }
  return { graph: new Map([...graph].map(([p, s]) => [p, [...s].sort()])), why };
}

const dirs = process.argv.slice(2).length ? process.argv.slice(2) : ['resources/elk-bridge/src/main/java'];
const sources = readSources(dirs);
const { graph, why } = packageGraph(sources);
const cycles = cyclicComponents(graph);

if (cycles.length) {
  for (const c of cycles) {
    const members = new Set(c);
    console.error(`package cycle: ${[...c].reverse().join(' <-> ')}`);
    for (const from of [...c].reverse())
      for (const to of graph.get(from))
        if (members.has(to)) console.error(`  ${from} -> ${to}: ${why.get(`${from} -> ${to}`)}`);
  }
  console.error(`${cycles.length} package cycle(s) among ${graph.size} Java packages (${sources.length} files).`);
  process.exit(1);
}
console.log(`no package cycles among ${graph.size} Java packages (${sources.length} files).`);
