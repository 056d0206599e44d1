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

/**
 * Reads an answer from a reply that holds no valid answer object: `D. has role` → ["D"], option
 * names → their keys, an OQ's list of names. Used only where no grammar could enforce the format, and
 * the caller records that the answer was read leniently.
 */
export function parseAnswerLeniently(text: string, q: AgentQuestion): AgentAnswer | null {
  const t = text.replace(/```[a-z]*|```/gi, ' ').trim();
  if (!t) return null;
  switch (q.kind) {
    case 'mcq':
    case 'single': {
      const opts = q.options ?? [];
      const byKey = new Map(opts.map((o) => [o.key.toUpperCase(), o.key]));
      const found = new Set<string>();
      // An explicit "Answer: B, D" or a line that starts with a key ("D. has role", "(B)") wins.
      const tail = /answer\s*(?:is|:)?\s*[:-]?\s*([^\n]*)$/i.exec(t)?.[1] ?? '';
      for (const m of tail.matchAll(/(?:^|[\s,(["'])([A-Za-z])(?=$|[\s,.)\]"':])/g)) {
        const k = byKey.get(m[1].toUpperCase());
        if (k) found.add(k);
      }
      if (!found.size) {
        for (const line of t.split('\n')) {
          const m = /^\s*[([]?([A-Za-z])[.):\]]\s/.exec(line + ' ');
          const k = m ? byKey.get(m[1].toUpperCase()) : undefined;
          if (k) found.add(k);
        }
      }
      if (!found.size) {
        const low = t.toLowerCase();
        for (const o of opts) if (o.name.trim() && low.includes(o.name.trim().toLowerCase())) found.add(o.key);
      }
      if (!found.size) return null;
      const keys = [...found].sort();
      return q.kind === 'single' ? (keys.length === 1 ? keys[0] : null) : keys;
    }
    case 'oq': {
      const body = /answer\s*:\s*([\s\S]*)$/i.exec(t)?.[1] ?? t;
      const names = body
        .split(/[\n,;]+/)
        .map((s) =>
          s
            .replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '')
            .replace(/^["'`]|["'`.]$/g, '')
            .trim(),
        )
        .filter((s) => s.length > 0 && s.length <= 200);
      return names.length ? [...new Set(names)] : null;
    }
    case 'free':
      return t.length > 4000 ? t.slice(0, 4000) : t;
  }
}
