import { basename } from 'node:path';
import { askQuestion, checkRecord, frameFor } from '../../agent/ask-use-case';
import { defaultPersona } from '../../agent/persona';
import { recordToMarkdown } from '../../agent/record-export';
import { prefetchFrame } from '../../agent/frame/frame-statements';
import { UserError } from '../../core/errors';
import type { ApiHost, AreaHandlers } from './api-host';

/** Asking a question (a task that streams its steps), its question frame, and checking an answer again. */
export function askHandlers(host: ApiHost): AreaHandlers<'ask'> {
  const { c } = host;
  return {
    'ask.start': ({ ontologyId, question, model: given, protocol, names, frame }) => {
      const h = c.openOntologies.get(ontologyId);
      const model = given ?? c.defaultModelSpec();
      if (!model)
        throw new UserError(
          'usage',
          'No model: pick one in the Models view (the built-in model is fetched by npm install).',
        );
      const t = host.launch('ask', `Ask: ${question.question.slice(0, 60)}`, async (task) => {
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
                host.emit('ask.step', { taskId: task.id, step: stripResult(step) });
              },
            },
          );
          const id = c.history.add(rec, h.path, model);
          return { id, record: rec };
        } finally {
          await llm.close();
        }
      });
      c.openOntologies.hold(h, t.id);
      return { taskId: t.id };
    },
    'ask.frame': ({ ontologyId, question }) => {
      const h = c.openOntologies.get(ontologyId);
      return frameFor({ question }, h, c.queryService(h));
    },
    'ask.recheck': async ({ ontologyId, historyId, frame }) => {
      const h = c.openOntologies.get(ontologyId);
      const entry = c.history.entry(historyId);
      if (!entry) throw new UserError('not-found', 'No such history entry.');
      if (entry.ontology !== h.path)
        throw new UserError(
          'bad-params',
          `This answer is about ${basename(entry.ontology)}; open it to check it again.`,
        );
      const reading = frameFor({ question: entry.record.question, frame }, h, c.queryService(h));
      await prefetchFrame(reading.frame, c.queryService(h).decider);
      const checked = checkRecord(entry.record, reading, h, c.queryService(h));
      c.history.recheck(historyId, reading, checked);
      return { frame: reading, checked, historyId };
    },
  };
}

/** The answers asked so far: listed, read and exported. */
export function historyHandlers(host: ApiHost): AreaHandlers<'history'> {
  const { c } = host;
  return {
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
  };
}

/** Observations carry the full query result for the CLI; over the wire the text and ids suffice. */
function stripResult<T extends { type: string }>(step: T): T {
  if (step.type !== 'observation') return step;
  const { result: _r, ...rest } = step as T & { result?: unknown };
  return rest as T;
}
