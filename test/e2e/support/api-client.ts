import type { ApiMethod, ApiParams, ApiResults, ApiTask } from '../../../src-main/api/contract';
import type { ServedApp } from './server';

/**
 * The served API over HTTP with the run's token, for setting up what a flow needs (an answer in the
 * history, an evaluation run) without driving views that other tests cover.
 */
export async function callApi<M extends ApiMethod>(
  server: ServedApp,
  method: M,
  params: ApiParams<M>,
): Promise<ApiResults[M]> {
  const res = await fetch(`${server.origin}/api/call`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${server.token}` },
    body: JSON.stringify({ method, params }),
  });
  const body = (await res.json()) as { result?: ApiResults[M]; error?: { code: string; message: string } };
  if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code });
  return body.result as ApiResults[M];
}

/** Waits for a task to end; throws with its error unless it ended 'ok'. */
export async function taskResult(server: ServedApp, taskId: string, timeoutMs = 300_000): Promise<ApiTask> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const t = (await callApi(server, 'tasks.list', {})).find((x) => x.id === taskId);
    if (t && t.state !== 'running') {
      if (t.state !== 'ok') throw new Error(`task ${t.kind} ended ${t.state}: ${t.error ?? ''}`);
      return t;
    }
    if (Date.now() > deadline) throw new Error(`task ${taskId} did not end in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
