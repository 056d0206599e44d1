import type { ChatMessage } from '../types.js';

/**
 * node-llama-cpp's chat history shape, restated so that this module (loaded in the parent too) does not
 * import node-llama-cpp. Structurally compatible with its `ChatHistoryItem` for the text-only items we use.
 */
export type HistoryItem =
  { type: 'system'; text: string } | { type: 'user'; text: string } | { type: 'model'; response: string[] };

/**
 * Converts chat messages to a history ready for generation: the last item is the model response being
 * generated. When the last message is from the assistant, its text is a prefix the model continues
 * (prefill); otherwise an empty model response is appended. Consecutive messages of one role are kept as
 * separate turns, except assistant ones, which llama chat templates cannot express and are joined.
 */
export function toGenerationHistory(messages: readonly ChatMessage[]): HistoryItem[] {
  if (messages.length === 0) throw new Error('A chat needs at least one message.');
  const out: HistoryItem[] = [];
  for (const m of messages) {
    if (m.role === 'assistant') {
      const prev = out[out.length - 1];
      if (prev?.type === 'model') prev.response[0] += m.content;
      else out.push({ type: 'model', response: [m.content] });
    } else {
      out.push({ type: m.role, text: m.content });
    }
  }
  if (out[out.length - 1].type !== 'model') out.push({ type: 'model', response: [] });
  return out;
}

function sameItem(a: HistoryItem, b: HistoryItem): boolean {
  if (a.type !== b.type) return false;
  if (a.type === 'model' && b.type === 'model') return a.response.join('') === b.response.join('');
  return (a as { text: string }).text === (b as { text: string }).text;
}

/** How many leading items `next` shares with `prev` (for detecting a conversation that just grew). */
export function commonHistoryPrefix(prev: readonly HistoryItem[], next: readonly HistoryItem[]): number {
  let i = 0;
  while (i < prev.length && i < next.length && sameItem(prev[i], next[i])) i++;
  return i;
}
