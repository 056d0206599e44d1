import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Container } from '../container';
import { UserError } from '../core/errors';
import { LANGUAGE_TAG, MAX_LANGUAGE_TAG_LENGTH, MAX_LANGUAGES, normaliseLanguages } from '../core/language-tag';
import { TaskCancelledError } from '../core/task';
import { EXIT_BUG, EXIT_ERROR, EXIT_OK, EXIT_USAGE, terminalSafeIo, type CliIo } from './cli-io';
import { COMMANDS } from './commands/index';

export type { CommandContext, CommandSpec } from './command-spec';

export function usage(): string {
  const lines = ['Usage: oarag <command> [options]', '', 'Commands:'];
  for (const c of COMMANDS) lines.push(`  ${c.name.padEnd(10)} ${c.summary}`);
  lines.push(
    '',
    'Run `oarag <command> --help` for its options.',
    '',
    'Every command that opens an ontology also takes --languages <tags>: the label languages that name',
    "classes, in order of preference (e.g. 'de,en,none'; none: a label without a language tag), in place",
    'of the nameLanguages setting, for this run only.',
    '',
    'Every command that opens an ontology also takes --catalog <file>: the XML catalog (catalog-v001.xml) that',
    'maps its imports to local files. Without it, a catalog-v001.xml beside the file, or in a parent folder up to',
    'the repository root, is used.',
    'They also take --dl-deadline <ms>: how long a DL reasoner may take on one statement whose locality',
    'module leaves OWL 2 EL (default: the dlDeadlineMs setting, 2000), for this run only.',
  );
  return lines.join('\n') + '\n';
}

/** The whole CLI as a function of its arguments and injected I/O, so tests run it in-process. */
export async function runArgs(argv: string[], given: CliIo, container?: Container): Promise<number> {
  const io = terminalSafeIo(given);
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(usage());
    return name ? EXIT_OK : EXIT_USAGE;
  }
  const cmd = COMMANDS.find((c) => c.name === name);
  if (!cmd) {
    io.stderr(`oarag: unknown command "${name}".\n\n${usage()}`);
    return EXIT_USAGE;
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      options: {
        ...cmd.options,
        help: { type: 'boolean', short: 'h' },
        languages: { type: 'string' },
        catalog: { type: 'string' },
        'dl-deadline': { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    io.stderr(`oarag ${cmd.name}: ${(e as Error).message}\nUsage: ${cmd.usage}\n`);
    return EXIT_USAGE;
  }
  if (parsed.values.help) {
    const shared =
      cmd.name === 'serve' ? '' : '\nAlso: --catalog <file> (the XML catalog for its imports), --languages <tags>.';
    io.stdout(`Usage: ${cmd.usage}${shared}\n`);
    return EXIT_OK;
  }
  const own = !container;
  // Loaded here, not at the top: `oarag --help` and usage errors need none of the services.
  const c = container ?? new (await import('../container')).Container({ env: io.env });
  const languagesBefore = c.nameLanguages;
  const catalogBefore = c.catalog;
  const deadlineBefore = c.dlDeadlineMs;
  try {
    if (own) {
      await c.start();
      // Named once per run: the entries of settings.json that were refused (the rest applies).
      for (const p of c.settings.problems()) io.stderr(`oarag: warning: ${p}\n`);
    }
    if (parsed.values.languages !== undefined) c.nameLanguages = languagesOption(cmd.name, parsed.values.languages);
    if (parsed.values.catalog !== undefined) c.catalog = catalogOption(cmd.name, parsed.values.catalog, io.cwd);
    if (parsed.values['dl-deadline'] !== undefined) c.dlDeadlineMs = dlDeadlineOption(parsed.values['dl-deadline']);
    return await cmd.run({ io, container: c, values: parsed.values, positionals: parsed.positionals });
  } catch (e) {
    if (e instanceof UserError) {
      io.stderr(`oarag ${cmd.name}: ${e.message}\n`);
      return e.code === 'usage' ? EXIT_USAGE : EXIT_ERROR;
    }
    if (e instanceof TaskCancelledError) {
      io.stderr(`oarag ${cmd.name}: cancelled.\n`);
      return EXIT_ERROR;
    }
    io.stderr(`oarag ${cmd.name}: internal error: ${(e as Error)?.message ?? String(e)}\n`);
    if (io.env.OARAG_DEBUG) io.stderr(`${(e as Error)?.stack ?? ''}\n`);
    return EXIT_BUG;
  } finally {
    // A container the caller passed in outlives this run: --languages was for this run only.
    c.nameLanguages = languagesBefore;
    c.catalog = catalogBefore;
    c.dlDeadlineMs = deadlineBefore;
    if (own) await c.stop();
  }
}

/** --catalog <file>, resolved against the working folder; the web server takes a catalog per ontology instead. */
function catalogOption(command: string, value: string | boolean | (string | boolean)[], cwd: string): string {
  if (command === 'serve')
    throw new UserError(
      'usage',
      '--catalog is for a run that opens ontologies; in the app, give the catalog in the Ontologies view.',
    );
  if (typeof value !== 'string' || !value.trim()) throw new UserError('usage', '--catalog needs a file.');
  return resolve(cwd, value);
}

/** --languages 'de,en,none' as the naming's preference list; the web server follows the setting instead. */
function languagesOption(command: string, value: string | boolean | (string | boolean)[]): string[] {
  if (command === 'serve')
    throw new UserError(
      'usage',
      '--languages is for a run that opens ontologies; the web server names classes by the setting (Ontologies view, Class names).',
    );
  // The setting's bounds: a preference of 10,000 tags is no preference, only work for every label.
  if (typeof value === 'string' && value.length > MAX_LANGUAGES * (MAX_LANGUAGE_TAG_LENGTH + 2))
    throw new UserError('usage', `--languages takes at most ${MAX_LANGUAGES} tags.`);
  const tags = typeof value === 'string' ? value.split(/[\s,;]+/).filter(Boolean) : [];
  if (!tags.length) throw new UserError('usage', "--languages needs tags, e.g. 'en,none'.");
  const given = tags.map((t) => {
    const tag = /^\(?none\)?$/i.test(t) ? '' : t;
    if (!LANGUAGE_TAG.test(tag) || tag.length > MAX_LANGUAGE_TAG_LENGTH)
      throw new UserError(
        'usage',
        `--languages: "${t.slice(0, 40)}" is not a language tag (en, pt-BR; none for a label without one).`,
      );
    return tag;
  });
  const languages = normaliseLanguages(given);
  if (languages.length > MAX_LANGUAGES)
    throw new UserError('usage', `--languages takes at most ${MAX_LANGUAGES} tags, not ${languages.length}.`);
  return languages;
}

/** --dl-deadline 5000: milliseconds, within the setting's bounds. */
export function dlDeadlineOption(value: string | boolean | (string | boolean)[]): number {
  const ms = typeof value === 'string' && /^\d{1,7}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(ms >= 100 && ms <= 600_000))
    throw new UserError('usage', '--dl-deadline takes milliseconds from 100 to 600000, e.g. --dl-deadline 5000.');
  return ms;
}
