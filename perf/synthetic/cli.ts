/**
 * Writes a seeded synthetic OWL 2 EL ontology (functional syntax).
 *   tsx perf/synthetic/cli.ts --shape go|snomed [--classes N] [--seed S] --out file.ofn
 * Prints the generation statistics as JSON on stdout.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_CLASSES, writeSyntheticOntology, type SyntheticShape } from './index';

function fail(message: string): never {
  process.stderr.write(
    `${message}\nUsage: tsx perf/synthetic/cli.ts --shape go|snomed [--classes N] [--seed S] --out file.ofn\n`,
  );
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      shape: { type: 'string' },
      classes: { type: 'string' },
      seed: { type: 'string' },
      out: { type: 'string' },
    },
    strict: true,
  }));
} catch (e) {
  fail((e as Error).message);
}
const shape = values.shape as SyntheticShape | undefined;
if (shape !== 'go' && shape !== 'snomed') fail('--shape must be go or snomed.');
if (!values.out) fail('--out is required.');
const classes = values.classes === undefined ? DEFAULT_CLASSES[shape] : Number(values.classes.replace(/_/g, ''));
const seed = values.seed === undefined ? 1 : Number(values.seed);
if (!Number.isInteger(classes) || classes < 1) fail(`--classes must be a positive integer, not "${values.classes}".`);
if (!Number.isInteger(seed)) fail(`--seed must be an integer, not "${values.seed}".`);

try {
  const stats = await writeSyntheticOntology({ shape, classes, seed }, resolve(values.out));
  process.stdout.write(JSON.stringify({ out: resolve(values.out), ...stats }) + '\n');
} catch (e) {
  process.stderr.write(`Generation failed: ${(e as Error).message}\n`);
  process.exit(1);
}
