import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAiBackend } from '../../../src-main/llm/openai/openai-backend';
import type { ChatMessage, ToolSpec } from '../../../src-main/llm/types';
import { startFakeLlm, type ChatBody, type FakeLlm } from '../../support/fake-llm-server';

const TOOLS: ToolSpec[] = [
  {
    name: 'query',
    description: 'Run one query.',
    parameters: { type: 'object', properties: { thought: { type: 'string' }, query: { type: 'string' } } },
  },
  {
    name: 'answer',
    description: 'Answer.',
    parameters: {
      type: 'object',
      properties: { thought: { type: 'string' }, answer: { type: 'array', items: { enum: ['A', 'B'] } } },
    },
  },
];
const messages: ChatMessage[] = [{ role: 'user', content: 'Is every espresso cup made of ceramic?' }];
const ARGS = JSON.stringify({ thought: 'check "it"', query: 'ASK { "espresso cup" "made of" "ceramic" }' });

let s: FakeLlm;
let last: ChatBody | undefined;
beforeAll(async () => {
  s = await startFakeLlm({
    grammar: 'props',
    tools: true,
    jsonSchema: true,
    mind: (body) => {
      last = body;
      if (body.tools?.length) return { toolCalls: [{ name: 'query', arguments: ARGS }] };
      if (body.grammar) return { text: '{"thought":"t","answer":["A"]}' };
      return { text: 'plain' };
    },
  });
});
afterAll(() => s.close());

describe('OpenAiBackend: native tool calls and llama.cpp grammars', () => {
  for (const stream of [true, false]) {
    it(`sends tools with tool_choice and reads the call back (${stream ? 'streamed deltas' : 'one JSON answer'})`, async () => {
      const b = new OpenAiBackend({ baseUrl: s.url, model: 'm', stream });
      const r = await b.chat(messages, { maxTokens: 200, tools: TOOLS, toolChoice: 'required' });
      expect(r.toolCalls).toEqual([{ name: 'query', arguments: ARGS }]);
      expect(JSON.parse(r.toolCalls![0].arguments)).toEqual({
        thought: 'check "it"',
        query: 'ASK { "espresso cup" "made of" "ceramic" }',
      });
      expect(r.text).toBe('');
      expect(r.finish).toBe('stop');
      expect(last!.tool_choice).toBe('required');
      expect(last!.tools).toEqual([
        {
          type: 'function',
          function: {
            name: 'query',
            description: 'Run one query.',
            parameters: {
              type: 'object',
              properties: { thought: { type: 'string' }, query: { type: 'string' } },
              required: ['thought', 'query'],
              additionalProperties: false,
            },
          },
        },
        {
          type: 'function',
          function: {
            name: 'answer',
            description: 'Answer.',
            parameters: {
              type: 'object',
              properties: {
                thought: { type: 'string' },
                answer: { type: 'array', items: { type: 'string', enum: ['A', 'B'] } },
              },
              required: ['thought', 'answer'],
              additionalProperties: false,
            },
          },
        },
      ]);
      expect(last!.response_format).toBeUndefined();
    });
  }

  it('tool_choice defaults to auto, and a plain reply has no toolCalls', async () => {
    const b = new OpenAiBackend({ baseUrl: s.url, model: 'm' });
    await b.chat(messages, { maxTokens: 50, tools: TOOLS });
    expect(last!.tool_choice).toBe('auto');
    const r = await b.chat(messages, { maxTokens: 50 });
    expect(r.toolCalls).toBeUndefined();
    expect(last!.tools).toBeUndefined();
  });

  it("sends a GBNF grammar in llama.cpp's field, and it wins over a JSON schema", async () => {
    const b = new OpenAiBackend({ baseUrl: s.url, model: 'm' });
    const grammar = 'root ::= "{" [^}]* "}"';
    const r = await b.chat(messages, {
      maxTokens: 50,
      grammar,
      jsonSchema: { type: 'object', properties: { a: { type: 'string' } } },
    });
    expect(r.text).toBe('{"thought":"t","answer":["A"]}');
    expect(s.chats().at(-1)!.body!.grammar).toBe(grammar);
    expect(s.chats().at(-1)!.body!.response_format).toBeUndefined();
    // No schema note in the prompt either: the grammar constrains the reply.
    expect(s.chats().at(-1)!.body!.messages).toEqual(messages);
  });

  it('reads several tool calls, told apart by their index', async () => {
    const srv = await startFakeLlm({
      tools: true,
      mind: () => ({
        toolCalls: [
          { name: 'query', arguments: '{"query":"DESCRIBE \\"cup\\""}' },
          { name: 'answer', arguments: '{"answer":["B"]}' },
        ],
      }),
    });
    try {
      const r = await new OpenAiBackend({ baseUrl: srv.url, model: 'm' }).chat(messages, {
        maxTokens: 50,
        tools: TOOLS,
        toolChoice: 'required',
      });
      expect(r.toolCalls).toEqual([
        { name: 'query', arguments: '{"query":"DESCRIBE \\"cup\\""}' },
        { name: 'answer', arguments: '{"answer":["B"]}' },
      ]);
    } finally {
      await srv.close();
    }
  });
});
