import type { ChatMessage } from './types';

/**
 * A deterministic stand-in for a tokenizer, for backends that cannot count (scripted replies, servers
 * that send no `usage`). The text is split like GPT-2's pre-tokenizer (runs of letters or of digits with
 * their leading space, single other characters, whitespace runs) and each piece counts:
 * ASCII words ceil(letters / 7), other words ceil(UTF-8 bytes / 3), digit runs ceil(digits / 3), any other
 * character or whitespace run 1 (2 for a 4-byte character such as an emoji).
 * That is one token per common English word, like real BPE vocabularies; real counts are usually within
 * ±30 %. Results carrying these counts say `tokensEstimated: true`.
 */
const PIECE = / ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]|\s+/gu;

function pieceTokens(piece: string): number {
  const p = piece.startsWith(' ') && piece.length > 1 ? piece.slice(1) : piece;
  if (/^\p{L}+$/u.test(p))
    return /^[A-Za-z]+$/.test(p) ? Math.ceil(p.length / 7) : Math.ceil(Buffer.byteLength(p, 'utf8') / 3);
  if (/^\p{N}+$/u.test(p)) return Math.ceil([...p].length / 3);
  return Buffer.byteLength(p, 'utf8') >= 4 && !/^\s+$/.test(p) ? 2 : 1;
}

export function estimateTokens(text: string): number {
  let n = 0;
  for (const m of text.matchAll(PIECE)) n += pieceTokens(m[0]);
  return n;
}

/** Per message: its content plus 4 tokens of chat-template framing (ChatML: <|im_start|>, role, newline, <|im_end|>); plus 3 for the reply's opening. */
export function estimatePromptTokens(messages: readonly ChatMessage[]): number {
  return messages.reduce((n, m) => n + estimateTokens(m.content) + 4, 3);
}
