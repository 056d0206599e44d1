import { spawn } from 'node:child_process';

export interface LatencyStats {
  count: number;
  p50: number;
  p95: number;
  max: number;
  /** Calls that failed or got no answer within 10 s. */
  failures: number;
}

export interface LatencyProbe {
  /** Latencies since the last mark (or the start), without stopping. */
  mark(): Promise<LatencyStats>;
  stop(): Promise<LatencyStats>;
}

/**
 * A second process that calls `app.info` on a web server every `everyMs` and times each answer, so a
 * test can say how responsive the server stayed while something hostile happened. It runs outside the
 * test's process: nothing the test itself blocks on can make it look better or worse.
 */
const SCRIPT = String.raw`
const http = require('node:http');
const [port, token, every] = process.argv.slice(1).map((x, i) => (i === 1 ? x : Number(x)));
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
let times = [], failures = 0, stopped = false;
function call() {
  if (stopped) return;
  const t0 = performance.now();
  let done = false;
  const finish = (ok) => {
    if (done) return;
    done = true;
    if (ok) times.push(performance.now() - t0); else failures++;
    if (!stopped) setTimeout(call, every);
  };
  const req = http.request({ host: '127.0.0.1', port, path: '/api/call', method: 'POST', agent, timeout: 10000,
    headers: { host: '127.0.0.1:' + port, authorization: 'Bearer ' + token, 'content-type': 'application/json' } },
    (res) => { res.resume(); res.on('end', () => finish(res.statusCode === 200)); });
  req.on('timeout', () => { req.destroy(); finish(false); });
  req.on('error', () => finish(false));
  req.end('{"method":"app.info","params":{}}');
}
function stats() {
  const s = [...times].sort((a, b) => a - b);
  const at = (q) => (s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : 0);
  const out = { count: s.length, p50: at(0.5), p95: at(0.95), max: s.length ? s[s.length - 1] : 0, failures };
  times = []; failures = 0;
  return out;
}
process.stdin.setEncoding('utf8');
let buf = '';
process.stdin.on('data', (d) => {
  buf += d;
  for (let i; (i = buf.indexOf('\n')) >= 0; ) {
    const cmd = buf.slice(0, i); buf = buf.slice(i + 1);
    if (cmd === 'mark') process.stdout.write(JSON.stringify(stats()) + '\n');
    if (cmd === 'stop') { stopped = true; process.stdout.write(JSON.stringify(stats()) + '\n'); process.exit(0); }
  }
});
call();
process.stdout.write('ready\n');
`;

export async function startLatencyProbe(port: number, token: string, everyMs = 20): Promise<LatencyProbe> {
  const child = spawn(process.execPath, ['-e', SCRIPT, String(port), token, String(everyMs)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const waiting: ((l: string) => void)[] = [];
  let buf = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (d: string) => {
    buf += d;
    for (let i; (i = buf.indexOf('\n')) >= 0;) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      const w = waiting.shift();
      if (w) w(line);
      else lines.push(line);
    }
  });
  const nextLine = () => new Promise<string>((r) => (lines.length ? r(lines.shift()!) : waiting.push(r)));
  await nextLine(); // ready
  const ask = async (cmd: string) => {
    child.stdin!.write(`${cmd}\n`);
    return JSON.parse(await nextLine()) as LatencyStats;
  };
  return { mark: () => ask('mark'), stop: () => ask('stop') };
}

export function formatStats(s: LatencyStats): string {
  return `${s.count} calls, p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(1)} ms${s.failures ? `, ${s.failures} failed` : ''}`;
}
