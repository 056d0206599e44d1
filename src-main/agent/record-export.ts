import type { AgentRecord } from './agent-types';
import { answerBasis } from './answer-basis';
import { frameText } from './frame/frame-text';
import { optionVerdictText } from './frame/option-verdict';

/** A reviewer's copy of one answer: the answer, its grounding, the cited evidence and the full trajectory. */
export function recordToMarkdown(r: AgentRecord): string {
  const out: string[] = [];
  out.push(`# ${oneLine(r.question.question)}`, '');
  if (r.question.options?.length) {
    for (const o of r.question.options) out.push(`- **${o.key}.** ${oneLine(o.name)}`);
    out.push('');
  }
  out.push(
    `**Answer:** ${r.answer === null ? '(none)' : Array.isArray(r.answer) ? r.answer.join(', ') : oneLine(r.answer)}  `,
  );
  if (r.frame)
    out.push(
      r.frame.frame
        ? `**Read as:** ${frameText(r.frame.frame)} (${r.frame.frame.source}${r.frame.frame.source === 'question' ? `, confidence ${r.frame.frame.confidence}` : ''})  `
        : `**Read as:** no frame (${oneLine(r.frame.reason)})  `,
    );
  if (r.checked) {
    if (r.checked.statement) out.push(`**Statement checked:** ${r.checked.statement}  `);
    for (const o of r.checked.options ?? [])
      out.push(`- ${o.key}. ${oneLine(o.name)}: ${optionVerdictText(o)}${o.chosen ? ' (chosen)' : ''}  `);
    out.push(`**Grounding checked by the reasoner:** ${r.checked.level} (${oneLine(r.checked.reason)})  `);
    out.push(`**Grounding claimed by the model:** ${r.grounding ?? 'none recorded'}  `);
  } else {
    out.push(`**Grounding:** ${r.grounding ?? 'none recorded'} (claimed by the model, not checked)  `);
  }
  out.push(`**Basis:** ${answerBasis(r.digest)}  `);
  out.push(
    `**Usage:** ${r.usage.calls} calls, ${r.usage.inputTokens} input tokens, ${r.usage.outputTokens} output tokens, ${r.seconds} s`,
    '',
  );
  out.push('## Cited evidence', '');
  if (!r.evidence.length) out.push('(none)');
  for (const e of r.evidence) out.push(`- **${e.id}** (${e.kind}) \`${oneLine(e.query)}\``, '', fence(e.text), '');
  out.push('', '## Trajectory', '');
  for (const s of r.trajectory) {
    if (s.type === 'message') out.push(`### ${s.stage} · ${s.role}`, '', fence(s.content), '');
    else if (s.type === 'action') out.push(`**Action:** \`${oneLine(s.query)}\``, '');
    else if (s.type === 'observation')
      out.push(`**Observation** (${s.kind}${s.verdict ? `, ${s.verdict}` : ''}):`, '', fence(s.text), '');
    else out.push(`> ${oneLine(s.text)}`, '');
  }
  return out.join('\n') + '\n';
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** A fence longer than any backtick run inside, so model text cannot close it early. */
function fence(s: string): string {
  const longest = Math.max(2, ...[...s.matchAll(/`+/g)].map((m) => m[0].length));
  const f = '`'.repeat(longest + 1);
  return `${f}text\n${s}\n${f}`;
}
