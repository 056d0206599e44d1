import { createHash } from 'node:crypto';
import { listenLoopback, readBody } from './loopback-http';

export interface FakeOpenAiOptions {
  /** Wait before every answer, like a model generating (default 200 ms). */
  latencyMs?: number;
  /** Refuse every k-th request: 429 with Retry-After, or 503 without, alternately (0: never). */
  refuseEvery?: number;
  /** The Retry-After sent with a 429, in seconds (default "0.2"). */
  retryAfter?: string;
}

export interface FakeOpenAi {
  url: string;
  /** Chat requests answered with 200, refused, and the most that were in flight at once. */
  stats: { answered: number; refused: number; peakInFlight: number; questions: Map<string, number> };
  close(): Promise<void>;
}

/**
 * A stand-in for an OpenAI-compatible server (vLLM, llama-server) with a scripted mind: the reply
 * depends only on the question in the request, never on timing or order, so runs at any concurrency
 * must score identically. MCQ: the options whose hash with the question is even (at least one); OQ:
 * an empty list. The answer is the JSON object the CoT and RAG methods ask for.
 */
export async function startFakeOpenAi(o: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const latency = o.latencyMs ?? 200;
  const stats = { answered: 0, refused: 0, peakInFlight: 0, questions: new Map<string, number>() };
  let inFlight = 0;
  let requests = 0;
  const server = await listenLoopback((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end('{"error":{"message":"not found"}}');
      }
      const n = ++requests;
      inFlight++;
      stats.peakInFlight = Math.max(stats.peakInFlight, inFlight);
      try {
        await new Promise((r) => setTimeout(r, latency));
        if (o.refuseEvery && n % o.refuseEvery === 0) {
          stats.refused++;
          const busy = (n / o.refuseEvery) % 2 === 1;
          res.writeHead(busy ? 429 : 503, {
            'content-type': 'application/json',
            ...(busy ? { 'retry-after': o.retryAfter ?? '0.2' } : {}),
          });
          return res.end(JSON.stringify({ error: { message: busy ? 'rate limited' : 'overloaded' } }));
        }
        const { messages } = JSON.parse(body) as { messages: { role: string; content: string }[] };
        const user = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
        const question = /^Question: (.*)$/m.exec(user)?.[1] ?? '';
        stats.questions.set(question, (stats.questions.get(question) ?? 0) + 1);
        const text = `Reasoning briefly about it.\n${JSON.stringify({ answer: scriptedAnswer(user) })}`;
        stats.answered++;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: `fake-${n}`,
            object: 'chat.completion',
            model: 'fake',
            choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
            usage: { prompt_tokens: Math.ceil(body.length / 4), completion_tokens: Math.ceil(text.length / 4) },
          }),
        );
      } finally {
        inFlight--;
      }
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  return {
    url: `${server.url}/v1`,
    stats,
    close: server.close,
  };
}

/** The scripted mind: a pure function of the question block. */
export function scriptedAnswer(user: string): string[] {
  const question = /^Question: (.*)$/m.exec(user)?.[1] ?? '';
  const keys = [...user.matchAll(/^([A-Z])\. /gm)].map((m) => m[1]);
  if (!keys.length) return [];
  const picked = keys.filter((k) => createHash('sha256').update(`${question}\u0000${k}`).digest()[0] % 2 === 0);
  return picked.length ? picked : [keys[0]];
}
