import type { AgentAnswer, AgentQuestion } from './question';

/**
 * Finds the answer object a reply ends with. Models wrap it in prose, code fences or an "Answer:"
 * label, so the last parseable object with an "answer" field wins; everything is validated against
 * the question's schema before it counts.
 */
export function parseAnswer(text: string, q: AgentQuestion): AgentAnswer | null {
  for (const candidate of jsonObjectsFromEnd(text)) {
    const a = coerce((candidate as { answer?: unknown }).answer, q);
    if (a !== null) return a;
  }
  return null;
}

export function* jsonObjectsFromEnd(text: string, maxScan = 200_000): Generator<unknown> {
  const s = text.length > maxScan ? text.slice(-maxScan) : text;
  let end = s.lastIndexOf('}');
  let tries = 0;
  while (end >= 0 && tries++ < 50) {
    let depth = 0;
    let inStr = false;
    for (let i = end; i >= 0; i--) {
      const c = s[i];
      if (inStr) {
        if (c === '"' && s[i - 1] !== '\\') inStr = false;
        continue;
      }
      if (c === '"') inStr = true;
      else if (c === '}') depth++;
      else if (c === '{') {
        depth--;
        if (depth === 0) {
          try {
            const v = JSON.parse(s.slice(i, end + 1));
            if (v && typeof v === 'object' && !Array.isArray(v)) yield v;
          } catch {
            // not JSON; keep looking further left
          }
          break;
        }
      }
    }
    end = s.lastIndexOf('}', end - 1);
  }
}

function coerce(v: unknown, q: AgentQuestion): AgentAnswer | null {
  const keys = new Map((q.options ?? []).map((o) => [o.key.toUpperCase(), o.key]));
  const asKey = (x: unknown) => (typeof x === 'string' ? keys.get(x.trim().toUpperCase()) : undefined);
  switch (q.kind) {
    case 'mcq': {
      const list = Array.isArray(v) ? v : typeof v === 'string' ? [v] : null;
      if (!list) return null;
      const out = list.map(asKey);
      if (out.some((k) => k === undefined)) return null;
      return [...new Set(out as string[])].sort();
    }
    case 'single': {
      const one = Array.isArray(v) && v.length === 1 ? v[0] : v;
      return asKey(one) ?? null;
    }
    case 'oq': {
      const list = Array.isArray(v) ? v : typeof v === 'string' ? [v] : null;
      if (!list || list.some((x) => typeof x !== 'string')) return null;
      return [...new Set((list as string[]).map((x) => x.trim()).filter(Boolean))];
    }
    case 'free':
      return typeof v === 'string' ? v : null;
  }
}
