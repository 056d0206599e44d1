import { basename, resolve } from 'node:path';
import { EventEmitter } from 'node:events';
import { askQuestion, checkRecord, frameFor } from '../agent/ask-use-case';
import { defaultPersona } from '../agent/persona';
import { recordToMarkdown } from '../agent/record-export';
import type { Container } from '../container';
import { errorMessage, UserError } from '../core/errors';
import { withTypedPaths } from '../core/shown-paths';
import type { Task } from '../core/task';
import { capChanges } from '../diff/cap-changes';
import { diffMarkdown } from '../diff/diff-markdown';
import { diffHandles } from '../diff/diff-service';
import { namespacePrefixes } from '../diff/namespace-filter';
import { checkSelection } from '../evaluation/item-selection';
import { summariseEvaluation } from '../evaluation/summary';
import type { OntologyHandle } from '../ontology/ontology-handle';
import { classTreeOf } from '../ontology/tree/class-tree';
import { sourceHashOf } from '../ontology/watch/source-hash';
import { consoleExamples } from '../query/console-examples';
import {
  isApiMethod,
  paramSchemas,
  type ApiEvent,
  type ApiEvents,
  type ApiMethod,
  type ApiParams,
  type ApiResults,
  type ApiTask,
  type ApiTaskResults,
  type TaskKind,
  type OntologyInfo,
} from './contract';

/** Who makes a call: a web socket, an HTTP connection; shared resources (the SPARQL queue) give each a fair share. */
export interface CallContext {
  client?: string;
}

type Handlers = {
  [M in ApiMethod]: (p: ApiParams<M>, ctx: CallContext) => Promise<ApiResults[M]> | ApiResults[M];
};

/**
 * The API contract implemented once over the services; the Electron IPC handler and the web
 * server are thin adapters that pass (method, params) here and forward `events`.
 */
export class ApiService {
  readonly events = new EventEmitter();
  private readonly handles = new Map<string, OntologyHandle>();
  /** The tasks reading each opened ontology: closing one while any of them runs is refused. */
  private readonly users = new Map<OntologyHandle, Set<string>>();
  private readonly handlers: Handlers;
  /** Every handle this API has served: one coming back from an open was not loaded again. */
  private readonly served = new WeakSet<OntologyHandle>();
  /** Handles a reload replaced: each is closed once no task that was reading it still runs. */
  private readonly retired = new Set<OntologyHandle>();

  constructor(
    private readonly c: Container,
    private readonly mode: 'desktop' | 'web',
  ) {
    c.tasks.events.on('update', (t) => {
      this.emit('task.update', t);
      if (t.state !== 'running') this.closeRetired();
    });
    c.fileWatcher.events.on('change', (x) => this.emit('ontology.changed', x));
    this.handlers = this.buildHandlers();
  }

  /** Validates and dispatches one call. Errors come back as UserError with a stable code. */
  async handle(method: unknown, params: unknown, ctx: CallContext = {}): Promise<unknown> {
    if (!isApiMethod(method)) {
      // Never call the value's own toString: a hostile {toString: 1} would turn this into a 500.
      const shown =
        typeof method === 'string'
          ? JSON.stringify(method).slice(0, 80)
          : `of type ${method === null ? 'null' : typeof method}`;
      throw new UserError('unknown-method', `Unknown method ${shown}.`);
    }
    const parsed = paramSchemas[method].safeParse(params ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new UserError(
        'bad-params',
        `Invalid parameters for ${method}: ${issue.path.join('.') || 'params'} ${issue.message.toLowerCase()}.`,
      );
    }
    const fn = this.handlers[method] as (p: unknown, ctx: CallContext) => unknown;
    try {
      return await fn(parsed.data, ctx);
    } catch (e) {
      throw withTypedPaths(e, typedPaths(parsed.data));
    }
  }

  private emit<E extends ApiEvent>(event: E, payload: ApiEvents[E]): void {
    this.events.emit('event', event, payload);
  }

  /** Serves a loaded ontology under its path, and watches its file from the moment its load began. */
  private adopt(h: OntologyHandle, loadStarted: number): void {
    const old = this.handles.get(h.path);
    // A reload's new handle takes the path; the old one's cache file, closure and store are released.
    if (old && old !== h) this.retired.add(old);
    // An edit undone while a task still read the earlier handle brings that handle back.
    this.retired.delete(h);
    this.handles.set(h.path, h);
    this.closeRetired();
    this.served.add(h);
    this.c.fileWatcher.watch(h.path, h.path, sourceHashOf(h), loadStarted);
  }

  private handle_(id: string): OntologyHandle {
    const h = this.handles.get(id);
    if (!h || !h.isOpen) throw new UserError('not-open', 'That ontology is not open; open it first.');
    return h;
  }

  /** Every long task starts here, so its result has the type the contract gives its kind. */
  private launch<K extends TaskKind>(kind: K, title: string, work: (task: Task) => Promise<ApiTaskResults[K]>) {
    // A task's error names files relative to the server's working folder, never through it.
    return this.c.tasks.launch(kind, title, (task) =>
      work(task).catch((e: unknown) => Promise.reject(withTypedPaths(e, []))),
    );
  }

  /** Marks an ontology as read by a task until the task ends. */
  private hold(h: OntologyHandle, task: { id: string }): void {
    const ids = this.users.get(h) ?? new Set<string>();
    this.users.set(h, ids.add(task.id));
  }

  private closeRetired(): void {
    for (const h of this.retired) {
      if (this.runningUsers(h)) continue;
      this.retired.delete(h);
      this.users.delete(h);
      this.c.closeOntology(h);
    }
  }

  private runningUsers(h: OntologyHandle): number {
    const ids = this.users.get(h);
    for (const id of ids ?? []) if (this.c.tasks.get(id)?.state !== 'running') ids!.delete(id);
    return ids?.size ?? 0;
  }

  /** Runs a console query and logs it whatever happens: the history keeps what was tried, failures too. */
  private async logged<T>(
    ontologyId: string,
    query: string,
    failedForm: string,
    run: () => Promise<{ r: T; form: string; error: string | null }>,
  ): Promise<T> {
    let out;
    try {
      out = await run();
    } catch (e) {
      this.c.history.logQuery(ontologyId, query, failedForm, errorMessage(e));
      throw e;
    }
    this.c.history.logQuery(ontologyId, query, out.form, out.error);
    return out.r;
  }

  private info(h: OntologyHandle): OntologyInfo {
    return {
      id: h.path,
      path: h.path,
      summary: h.summary,
      nameLanguages: [...h.nameLanguages],
      unsatisfiableNamed: h.summary.unsatisfiable.length ? h.unsatisfiableNames(50) : [],
    };
  }

  private buildHandlers(): Handlers {
    const c = this.c;
    return {
      'app.info': () => c.appInfo(this.mode),
      'ontology.open': ({ path }) => {
        const t = this.launch('load', `Open ${basename(path)}`, async (task) => {
          const started = Date.now();
          const h = await c.ontologies
            .open(path, { signal: task.signal, onProgress: (p) => task.update(p) })
            .catch((e: unknown) => Promise.reject(withTypedPaths(e, [path])));
          // The service hands back a handle it still has open for this content instead of loading it.
          const alreadyOpen = this.served.has(h);
          this.adopt(h, started);
          c.settings.touchRecent(h.path);
          return alreadyOpen ? { ...this.info(h), alreadyOpen } : this.info(h);
        });
        return { taskId: t.id };
      },
      'ontology.list': () => [...this.handles.values()].filter((h) => h.isOpen).map((h) => this.info(h)),
      'ontology.recent': () => c.settings.recentFiles(),
      'ontology.close': ({ ontologyId }) => {
        const h = this.handles.get(ontologyId);
        if (!h) return { closed: false };
        const n = this.runningUsers(h);
        if (n)
          throw new UserError(
            'in-use',
            `${basename(h.path)} is used by ${n === 1 ? 'a running task' : `${n} running tasks`}; cancel or wait for ${n === 1 ? 'it' : 'them'}, then close it.`,
          );
        this.handles.delete(ontologyId);
        c.fileWatcher.unwatch(ontologyId);
        this.users.delete(h);
        c.closeOntology(h);
        return { closed: true };
      },
      'ontology.status': async ({ ontologyId }) => {
        this.handle_(ontologyId);
        const state = await c.fileWatcher.status(ontologyId);
        if (!state) throw new UserError('not-open', 'That ontology is not open; open it first.');
        return { state };
      },
      'ontology.search': ({ ontologyId, text, limit, includeObsolete }) => {
        const h = this.handle_(ontologyId);
        const ix = h.closure;
        return c
          .queryService(h)
          .names.search(text, limit ?? 20, { includeObsolete })
          .map((x) => ({
            iri: ix.iri(x.id),
            name: ix.nameOf(x.id),
            matched: x.matched,
            matchKind: x.matchKind,
            tier: x.tier,
            ...(x.scope ? { scope: x.scope } : {}),
            score: Math.round(x.score * 1000) / 1000,
            obsolete: ix.deprecated.has(x.id),
            ...(x.replaces ? { replaces: x.replaces } : {}),
          }));
      },
      'ontology.card': ({ ontologyId, iri }) => {
        const card = this.handle_(ontologyId).card(iri);
        if (!card) throw new UserError('unknown-name', 'No class has that IRI in this ontology.');
        return card;
      },
      'ontology.children': ({ ontologyId, iri, relation, hierarchy }) =>
        c.trees.children(this.handle_(ontologyId), iri, relation ?? null, hierarchy),
      'ontology.path': ({ ontologyId, iri, relation, hierarchy }) =>
        c.trees.path(this.handle_(ontologyId), iri, relation ?? null, hierarchy),
      'ontology.statedInferred': ({ ontologyId, iri }) => c.stated.statedInferred(this.handle_(ontologyId), iri),
      'ontology.lineage': ({ ontologyId, iri }) => c.stated.lineage(this.handle_(ontologyId), iri),
      'ontology.axioms': ({ ontologyId, iri }) => c.stated.classAxioms(this.handle_(ontologyId), iri),
      'ontology.whyUnsatisfiable': ({ ontologyId, iri }) => c.stated.whyUnsatisfiable(this.handle_(ontologyId), iri),
      'ontology.relations': ({ ontologyId }) => classTreeOf(this.handle_(ontologyId).closure).relations(),
      'query.run': ({ ontologyId, query }) =>
        this.logged(ontologyId, query, 'error', async () => {
          const r = await c.queryService(this.handle_(ontologyId)).run(query);
          return { r, form: r.form, error: r.form === 'error' ? r.observation : null };
        }),
      'query.sparql': ({ ontologyId, query }, ctx) =>
        this.logged(ontologyId, query, 'sparql-error', async () => {
          const r = await this.handle_(ontologyId).sparql(query, { client: ctx.client });
          return { r, form: `sparql-${r.kind}`, error: null };
        }),
      'query.history': ({ ontologyId, limit }) => c.history.queries(ontologyId, limit ?? 100),
      'query.examples': ({ ontologyId }) => consoleExamples(this.handle_(ontologyId)),
      'ask.start': ({ ontologyId, question, model: given, protocol, names, frame }) => {
        const h = this.handle_(ontologyId);
        const model = given ?? c.defaultModelSpec();
        if (!model)
          throw new UserError(
            'usage',
            'No model: pick one in the Models view (the built-in model is fetched by npm install).',
          );
        const t = this.launch('ask', `Ask: ${question.question.slice(0, 60)}`, async (task) => {
          task.update({ stage: 'model', fraction: 0.02 });
          const llm = await c.createBackend(model, task.signal);
          try {
            const persona = c.settings.get().personas[h.path] ?? defaultPersona(h.summary.title, basename(h.path));
            let steps = 0;
            const rec = await askQuestion(
              {
                handle: h,
                queryService: c.queryService(h),
                llm,
                persona,
                protocol,
                nameScope: names,
                driver: c.settings.get().agentDriver,
                ...c.agentOptions(h),
              },
              { question, frame },
              {
                signal: task.signal,
                onStep: (step) => {
                  steps++;
                  task.update({ stage: step.stage, fraction: Math.min(0.95, 0.05 + steps * 0.04) });
                  this.emit('ask.step', { taskId: task.id, step: stripResult(step) });
                },
              },
            );
            const id = c.history.add(rec, h.path, model);
            return { id, record: rec };
          } finally {
            await llm.close();
          }
        });
        this.hold(h, t);
        return { taskId: t.id };
      },
      'ask.frame': ({ ontologyId, question }) => {
        const h = this.handle_(ontologyId);
        return frameFor({ question }, h, c.queryService(h));
      },
      'ask.recheck': ({ ontologyId, historyId, frame }) => {
        const h = this.handle_(ontologyId);
        const entry = c.history.entry(historyId);
        if (!entry) throw new UserError('not-found', 'No such history entry.');
        if (entry.ontology !== h.path)
          throw new UserError(
            'bad-params',
            `This answer is about ${basename(entry.ontology)}; open it to check it again.`,
          );
        const reading = frameFor({ question: entry.record.question, frame }, h, c.queryService(h));
        const checked = checkRecord(entry.record, reading, h, c.queryService(h));
        c.history.recheck(historyId, reading, checked);
        return { frame: reading, checked, historyId };
      },
      'history.list': ({ search, limit }) => c.history.list({ search, limit }),
      'history.get': ({ id }) => {
        const r = c.history.get(id);
        if (!r) throw new UserError('not-found', 'No such history entry.');
        return r;
      },
      'history.export': ({ id, format }) => {
        const r = c.history.get(id);
        if (!r) throw new UserError('not-found', 'No such history entry.');
        return format === 'json'
          ? { fileName: `answer-${id.slice(0, 8)}.json`, mime: 'application/json', content: JSON.stringify(r, null, 2) }
          : { fileName: `answer-${id.slice(0, 8)}.md`, mime: 'text/markdown', content: recordToMarkdown(r) };
      },
      'datasets.generate': (p) => {
        const h = this.handle_(p.ontologyId);
        const t = this.launch('generate', `Generate ${p.mcq} MCQ + ${p.oq} OQ`, (task) =>
          c.datasets.generate(h, p, task),
        );
        this.hold(h, t);
        return { taskId: t.id };
      },
      'datasets.revise': (p) => {
        const h = this.handle_(p.ontologyId);
        const t = this.launch('revise', `Test-2 revision of ${basename(h.path)}`, (task) =>
          c.datasets.revise(h, p, task),
        );
        this.hold(h, t);
        return { taskId: t.id };
      },
      'datasets.open': ({ path, ontologyId }) =>
        c.datasets.open(path, ontologyId ? this.handle_(ontologyId) : undefined),
      'datasets.pairing': ({ datasetPath }) =>
        c.datasets.pairing(
          datasetPath,
          [...this.handles.values()].filter((h) => h.isOpen).map((h) => ({ id: h.path, path: h.path })),
          c.settings.recentFiles().map((r) => r.path),
        ),
      'datasets.review.get': ({ datasetPath }) => c.datasets.review.get(datasetPath),
      'datasets.review.set': ({ datasetPath, item, decision, edit }) =>
        c.datasets.review.set(datasetPath, item, decision, edit),
      'datasets.export': ({ datasetPath }) => c.datasets.review.export(datasetPath),
      'evaluation.run': ({ first, sample, seed, ...p }) => {
        const h = this.handle_(p.ontologyId);
        const items = { first, sample, seed };
        try {
          checkSelection(items);
        } catch (e) {
          throw new UserError('bad-params', (e as Error).message);
        }
        const which = first ? `, first ${first}` : sample ? `, ${sample} at random` : '';
        const title = `Evaluate ${p.method} on ${basename(p.datasetPath)}${which}`;
        const t = this.launch('evaluate', title, async (task) => {
          const run = await c.evaluation.run(
            h,
            { ...p, items },
            { signal: task.signal, onProgress: (x) => task.update(x) },
          );
          return summariseEvaluation(run.report, {
            reportPath: run.jsonPath,
            markdown: run.markdown,
            datasetPath: p.datasetPath,
          });
        });
        this.hold(h, t);
        return { taskId: t.id };
      },
      'evaluation.runs': () => c.review.runs(),
      'evaluation.items': ({ runId }) => c.review.items(runId),
      'evaluation.item': ({ runId, item }) => c.review.item(runId, item),
      'evaluation.compare': ({ runIds }) => c.review.compare(runIds),
      'evaluation.mark': ({ runId, item, verdict, note }) => c.review.mark(runId, item, verdict, note),
      'evaluation.export': ({ runId, format }) => c.review.export(runId, format),
      'diff.run': ({ oldId, oldPath, newId, newPath, namespaces, annotations }) => {
        const side = (id: string | undefined, file: string | undefined, which: string) => {
          if ((id === undefined) === (file === undefined))
            throw new UserError(
              'bad-params',
              `Invalid parameters for diff.run: give either ${which}Id or ${which}Path.`,
            );
          return id === undefined ? { file: file! } : { handle: this.handle_(id) };
        };
        const sides = [side(oldId, oldPath, 'old'), side(newId, newPath, 'new')];
        const prefixes = checkedNamespaces(namespaces);
        const [oldName, newName] = sides.map((x) => basename(x.handle?.path ?? x.file!));
        const t = this.launch('diff', `Diff ${oldName} → ${newName}`, async (task) => {
          // A side given as a file is opened (from the cache when it has been seen) and stays open.
          const handles: (OntologyHandle | undefined)[] = [undefined, undefined];
          for (const [i, x] of sides.entries()) {
            if (x.handle) {
              handles[i] = x.handle;
              continue;
            }
            const started = Date.now();
            const name = basename(x.file!);
            const h = await c.ontologies
              .open(x.file!, {
                signal: task.signal,
                onProgress: (p) => task.update({ stage: `open ${name}`, fraction: 0.2 * i + 0.2 * p.fraction }),
              })
              .catch((e: unknown) => Promise.reject(withTypedPaths(e, [x.file!])));
            this.adopt(h, started);
            this.hold(h, task);
            handles[i] = h;
          }
          const full = await diffHandles(handles[0]!, handles[1]!, {
            namespaces: prefixes,
            annotations,
            signal: task.signal,
            onProgress: (p) => task.update(p),
          });
          const { report, capped } = capChanges(full, DIFF_SHOWN_PER_KIND);
          return {
            oldId: handles[0]!.path,
            newId: handles[1]!.path,
            report,
            shownPerKind: capped ? DIFF_SHOWN_PER_KIND : null,
          };
        });
        for (const x of sides) if (x.handle) this.hold(x.handle, t);
        return { taskId: t.id };
      },
      'diff.export': async ({ oldId, newId, namespaces, annotations, format }) => {
        const report = await diffHandles(this.handle_(oldId), this.handle_(newId), {
          namespaces: checkedNamespaces(namespaces),
          annotations,
        });
        const name = `diff-${fileStem(report.old.file)}-${fileStem(report.new.file)}`;
        return format === 'json'
          ? { fileName: `${name}.json`, mime: 'application/json', content: JSON.stringify(report, null, 2) }
          : { fileName: `${name}.md`, mime: 'text/markdown', content: diffMarkdown(report) };
      },
      'models.list': () => c.models.list(),
      'models.import': ({ path }) => c.models.import(path),
      'models.download': ({ url }) => {
        const t = this.launch('download', `Download ${url.slice(0, 60)}`, (task) => c.models.download(url, task));
        return { taskId: t.id };
      },
      'models.test': ({ model }) => c.models.test(model),
      'models.remove': async ({ path, allowBuiltin }) => {
        const removed = await c.models.remove(path, { allowBuiltin });
        // A removed model is no longer the default, and its run settings go with it.
        if (c.settings.get().models[removed]) c.settings.setModelRun(removed, null);
        if (c.settings.get().defaultModel === removed) c.settings.set({ defaultModel: null });
        return { removed, settings: c.settings.get() };
      },
      'models.run.set': ({ path, run }) => c.settings.setModelRun(resolve(path), run),
      'models.estimate': ({ path, contextSize }) => c.models.estimate(path, contextSize),
      'files.roots': () => c.files.roots(),
      'files.list': ({ path, offset, limit }) => c.files.list(path, { offset, limit }),
      'settings.get': () => c.settings.get(),
      'settings.set': ({ patch }) => c.settings.set(patch),
      // Results enter the registry only through launch(), typed by kind.
      'tasks.list': () => c.tasks.list() as ApiTask[],
      'tasks.cancel': ({ id }) => ({ cancelled: c.tasks.cancel(id) }),
    };
  }
}

/** Changes of one kind a diff task carries (counts stay exact); see cap-changes.ts. */
const DIFF_SHOWN_PER_KIND = 2000;

/** A bad namespace fails the call, before any task starts. */
function checkedNamespaces(values: string[] | undefined): string[] {
  try {
    return namespacePrefixes(values ?? []);
  } catch (e) {
    throw new UserError('bad-params', (e as Error).message);
  }
}

/** `po.revised.obo` → `po.revised`, with anything unsafe in a file name replaced. */
function fileStem(file: string): string {
  return (
    file
      .replace(/\.[^.]+$/, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .slice(0, 60) || 'ontology'
  );
}

/** The paths a call's parameters name, as typed: its errors show them so (see core/shown-paths). */
function typedPaths(params: unknown): string[] {
  const p = params as Record<string, unknown>;
  return ['path', 'datasetPath', 'oldPath', 'newPath']
    .map((k) => p?.[k])
    .filter((v): v is string => typeof v === 'string');
}

/** Observations carry the full query result for the CLI; over the wire the text and ids suffice. */
function stripResult<T extends { type: string }>(step: T): T {
  if (step.type !== 'observation') return step;
  const { result: _r, ...rest } = step as T & { result?: unknown };
  return rest as T;
}
