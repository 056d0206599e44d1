/** What one ReAct reply asks for. */
export type ReactStep =
  | { kind: 'action'; query: string; thought: string }
  | { kind: 'answer'; answerText: string; thought: string }
  | { kind: 'malformed'; reason: 'noActionNoAnswer' | 'twoActions' | 'fakeObservation' | 'emptyAction' };

const ACTION = /^\s*(?:\*\*)?Action(?:\*\*)?\s*:\s*/im;
const ANSWER = /^\s*(?:\*\*)?(?:Final\s+)?Answer(?:\*\*)?\s*:\s*/im;
const OBSERVATION = /^\s*(?:\*\*)?Observation(?:\*\*)?\s*:/im;

/**
 * Reads a reply of the Thought / Action / Answer format. An invented Observation makes the reply
 * malformed: running its Action would let the model's guess sit next to the tool's answer.
 */
export function parseReactReply(reply: string): ReactStep {
  const text = reply.length > 200_000 ? reply.slice(0, 200_000) : reply;
  const actionMatches = [...text.matchAll(new RegExp(ACTION.source, 'gim'))];
  const answer = ANSWER.exec(text);
  const obs = OBSERVATION.exec(text);
  const firstAction = actionMatches[0];
  if (answer && (!firstAction || answer.index < firstAction.index)) {
    return {
      kind: 'answer',
      answerText: text.slice(answer.index + answer[0].length),
      thought: text.slice(0, answer.index).trim(),
    };
  }
  if (!firstAction) return { kind: 'malformed', reason: 'noActionNoAnswer' };
  if (obs && obs.index > firstAction.index) return { kind: 'malformed', reason: 'fakeObservation' };
  if (actionMatches.length > 1) return { kind: 'malformed', reason: 'twoActions' };
  const after = text.slice(firstAction.index + firstAction[0].length);
  const query = extractCall(after);
  if (!query || /^query\(\s*\)\s*$/i.test(query)) return { kind: 'malformed', reason: 'emptyAction' };
  return { kind: 'action', query, thought: text.slice(0, firstAction.index).trim() };
}

/** The query(...) call with balanced parentheses (quotes respected), or the rest of the line block. */
function extractCall(after: string): string {
  const start = /^\s*`*\s*query\s*\(/i.exec(after);
  if (!start) return after.split(/\n\s*\n/)[0].trim();
  let depth = 0;
  let quote: string | null = null;
  for (let i = start[0].length - 1; i < after.length; i++) {
    const c = after[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0)
      return after
        .slice(0, i + 1)
        .trim()
        .replace(/^`+/, '');
  }
  return after.trim();
}
