import { fromBridgeCode } from '../../core/error-codes';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { totalmem } from 'node:os';
import { createInterface } from 'node:readline';
import { UserError } from '../../core/errors';
import { resourcePath } from '../../core/paths';
import { TaskCancelledError } from '../../core/task';
import { locateJava } from './java-locator';
import { clearStandIns, jvmTempDir, removeJvmTempDir } from './jvm-temp';
import { peakRssMb, resetPeakRss } from './process-memory';

export type BridgeStage = 'parse' | 'classify' | 'closure' | 'write';

export interface BridgeProgress {
  stage: BridgeStage;
  fraction: number;
}

export interface BridgeOptions {
  javaPath?: string;
  jarPath?: string;
  /** A fixed heap (MiB). Without it (and without OARAG_JAVA_HEAP_MB) the heap follows sizeHeap. */
  heapMb?: number;
  env?: NodeJS.ProcessEnv;
}

export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  onProgress?: (p: BridgeProgress) => void;
}

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  onProgress?: (p: BridgeProgress) => void;
}

const STDERR_KEEP = 64 * 1024;

/**
 * The heap when nothing sized it: half the machine's memory, capped at 8 GiB. Loads size the heap
 * from their input instead (heap-policy.ts, via sizeHeap).
 */
export function defaultHeapMb(): number {
  const half = Math.floor(totalmem() / 2 / 2 ** 20);
  return Math.max(512, Math.min(8192, half));
}

export function bridgeJarPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.OARAG_BRIDGE_JAR || resourcePath('elk-bridge', 'elk-bridge.jar');
}

/**
 * The class-data archive scripts/build-bridge.mjs writes beside the jar, when there is one: the JVM maps
 * the classes from it (0.1-0.15 s of every start), or loads them as usual when it does not fit.
 */
function classArchive(jar: string): string[] {
  const jsa = jar.replace(/\.jar$/, '.jsa');
  return jsa !== jar && existsSync(jsa) ? [`-XX:SharedArchiveFile=${jsa}`] : [];
}

/**
 * The JVM flags of every bridge process: also the flags perf's ELK floor (perf/elk-floor.ts) runs with, so
 * the two are measured alike.
 */
export function bridgeJvmArgs(heap: number, jar: string): string[] {
  return [
    `-Xmx${heap}m`,
    // Starting at half the limit spares the parallel collector the full collections it runs while
    // growing the heap step by step (SNOMED 350k parse: 3 full GCs, 11 s, down to 1 and 4 s).
    `-Xms${Math.floor(heap / 2)}m`,
    '-Xss16m',
    // The parallel collector keeps the resident size near what the work needs (G1 took 1.1 GB where
    // it took 0.65 GB at the same -Xmx on GO 50k), and its GC overhead limit turns a heap that is
    // too small into an OutOfMemoryError instead of minutes of collecting.
    '-XX:+UseParallelGC',
    // A load lives seconds to minutes, and on 2 cores the JIT's C2 thread took 6.5-7 s of CPU from
    // the 10 s of a GO 50k load. Inlining less and compiling only hotter methods with C2 cut that to
    // 4-4.5 s and the bridge's wall time by 0.7-1 s; ELK on SNOMED 350k took 96-112 s against 104-115 s.
    '-XX:InlineSmallCode=500',
    '-XX:Tier4InvocationThreshold=15000',
    '-XX:Tier4CompileThreshold=40000',
    '-XX:Tier4BackEdgeThreshold=120000',
    '-XX:+ExitOnOutOfMemoryError',
    // stdout carries the protocol: the JVM's own warnings (such as an archive that does not fit) go to stderr.
    '-Xlog:disable',
    '-Xlog:all=warning:stderr',
    ...classArchive(jar),
    '-Djava.awt.headless=true',
  ];
}

/**
 * The one JVM session that speaks the JSON-lines protocol of docs/bridge-protocol.md.
 * A cancel or a timeout kills the JVM: ELK cannot be interrupted mid-classification, and a fresh
 * JVM is cheaper than a wedged one. The next request starts a new process.
 */
export class ElkBridge {
  private proc: ChildProcess | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private stderrTail = '';
  /** The -Xmx of the next JVM (sizeHeap), and of the running one. */
  private nextHeapMb: number | undefined;
  private runningHeapMb: number | undefined;
  /** The running JVM's own temporary folder (jvm-temp.ts). */
  private tmp: string | undefined;

  constructor(private readonly opts: BridgeOptions = {}) {}

  /** The heap set by the caller or OARAG_JAVA_HEAP_MB, which no policy overrides. */
  get fixedHeapMb(): number | undefined {
    return this.opts.heapMb ?? (Number((this.opts.env ?? process.env).OARAG_JAVA_HEAP_MB) || undefined);
  }

  /** The heap of the running JVM, else of the one the next request starts. */
  get heapMb(): number {
    return this.runningHeapMb ?? this.fixedHeapMb ?? this.nextHeapMb ?? defaultHeapMb();
  }

  /**
   * Sizes the JVM for the work that follows. A running JVM with less heap is stopped when it is idle,
   * so the next request starts one with `mb`; one with more is kept (a warm JVM is cheaper than a
   * smaller one). Nothing changes when the heap is fixed.
   */
  async sizeHeap(mb: number): Promise<void> {
    if (this.fixedHeapMb) return;
    this.nextHeapMb = mb;
    if (this.proc && (this.runningHeapMb ?? 0) < mb && this.pending.size === 0) await this.stop();
  }

  /** Peak resident memory of the JVM since it started or since resetPeak; null where the OS does not say. */
  peakRssMb(): number | null {
    return peakRssMb(this.proc?.pid);
  }

  /** Starts a new peak for the next piece of work in a JVM that is kept warm across loads. */
  resetPeak(): void {
    resetPeakRss(this.proc?.pid);
  }

  /** Whether a request is waiting for its answer. */
  get busy(): boolean {
    return this.pending.size > 0;
  }

  get running(): boolean {
    return this.proc !== undefined;
  }

  get pid(): number | undefined {
    return this.proc?.pid;
  }

  get stderr(): string {
    return this.stderrTail;
  }

  start(): void {
    if (this.proc) return;
    const env = this.opts.env ?? process.env;
    const java = this.opts.javaPath ?? locateJava(env);
    const jar = this.opts.jarPath ?? bridgeJarPath(env);
    if (!existsSync(jar)) {
      throw new UserError(
        'bridge-missing',
        `The ELK bridge jar is missing (${jar}). Run \`npm run build:bridge\` (needs a JDK and Maven).`,
      );
    }
    const heap = this.fixedHeapMb ?? this.nextHeapMb ?? defaultHeapMb();
    const tmp = jvmTempDir();
    this.tmp = tmp;
    const args = [`-Djava.io.tmpdir=${tmp}`, ...bridgeJvmArgs(heap, jar), '-jar', jar, 'serve'];
    const proc = spawn(java, args, { stdio: ['pipe', 'pipe', 'pipe'], env, windowsHide: true });
    proc.once('exit', () => removeJvmTempDir(tmp));
    proc.once('error', () => removeJvmTempDir(tmp));
    this.proc = proc;
    this.runningHeapMb = heap;
    this.stderrTail = '';
    proc.stderr!.setEncoding('utf8');
    proc.stderr!.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_KEEP);
    });
    proc.stdin!.on('error', () => {
      // The exit handler reports the real cause; a broken pipe alone says nothing useful.
    });
    const rl = createInterface({ input: proc.stdout! });
    rl.on('line', (line) => this.onLine(line));
    proc.on('error', (err) => this.onExit(proc, `could not be started: ${err.message}`));
    proc.on('exit', (code, sig) => this.onExit(proc, sig ? `was killed by ${sig}` : `exited with code ${code}`));
  }

  async request<T>(cmd: string, args: Record<string, unknown> = {}, ro: RequestOptions = {}): Promise<T> {
    if (ro.signal?.aborted) throw new TaskCancelledError();
    this.start();
    const id = this.nextId++;
    const proc = this.proc!;
    return new Promise<T>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const cleanup = () => {
        if (timer) clearTimeout(timer);
        ro.signal?.removeEventListener('abort', onAbort);
        this.pending.delete(id);
      };
      const onAbort = () => {
        cleanup();
        this.kill();
        reject(new TaskCancelledError());
      };
      this.pending.set(id, {
        resolve: (v) => {
          cleanup();
          this.clearStandIns();
          resolve(v as T);
        },
        reject: (e) => {
          cleanup();
          this.clearStandIns();
          reject(e);
        },
        onProgress: ro.onProgress,
      });
      ro.signal?.addEventListener('abort', onAbort, { once: true });
      if (ro.timeoutMs) {
        timer = setTimeout(() => {
          cleanup();
          this.kill();
          reject(
            new UserError(
              'bridge-timeout',
              `The ELK bridge did not finish "${cmd}" within ${Math.round(ro.timeoutMs! / 1000)} s and was stopped.`,
            ),
          );
        }, ro.timeoutMs);
      }
      proc.stdin!.write(JSON.stringify({ id, cmd, ...args }) + '\n');
    });
  }

  /** Between requests, what a finished load left in the JVM's temporary folder (jvm-temp.ts) goes. */
  private clearStandIns(): void {
    if (this.tmp && this.pending.size === 0) clearStandIns(this.tmp);
  }

  async stop(): Promise<void> {
    const proc = this.proc;
    if (!proc) return;
    const exited = new Promise<void>((r) => proc.once('exit', () => r()));
    this.runningHeapMb = undefined;
    try {
      proc.stdin!.write(JSON.stringify({ id: this.nextId++, cmd: 'shutdown' }) + '\n');
      proc.stdin!.end();
    } catch {
      // already gone
    }
    const timer = setTimeout(() => this.kill(), 3000);
    await exited;
    clearTimeout(timer);
  }

  kill(): void {
    const proc = this.proc;
    if (!proc) return;
    this.proc = undefined;
    this.runningHeapMb = undefined;
    proc.kill('SIGKILL');
    this.failAll(new TaskCancelledError());
  }

  private onLine(line: string): void {
    if (!line.startsWith('{')) {
      // HotSpot writes its own fatal messages (ExitOnOutOfMemoryError's "Terminating due to
      // java.lang.OutOfMemoryError") to stdout, so keep them where exitError looks.
      if (line.trim()) this.stderrTail = (this.stderrTail + line + '\n').slice(-STDERR_KEEP);
      return;
    }
    let msg: { id?: number; type?: string; [k: string]: unknown };
    try {
      msg = JSON.parse(line);
    } catch {
      return;
    }
    const p = msg.id !== undefined ? this.pending.get(msg.id) : undefined;
    if (!p) return;
    if (msg.type === 'progress') {
      p.onProgress?.({ stage: msg.stage as BridgeStage, fraction: Number(msg.fraction) || 0 });
    } else if (msg.type === 'result') {
      const { id: _id, type: _type, ...rest } = msg;
      p.resolve(rest);
    } else if (msg.type === 'error') {
      p.reject(new UserError(fromBridgeCode(msg.code), String(msg.message ?? 'The ELK bridge reported an error.')));
    }
  }

  private onExit(proc: ChildProcess, how: string): void {
    // A process we killed on purpose has already failed its requests; a newer one may be running.
    if (this.proc !== proc) return;
    const heap = this.runningHeapMb;
    this.proc = undefined;
    this.runningHeapMb = undefined;
    this.failAll(this.exitError(how, heap));
  }

  private exitError(how: string, heapMb: number | undefined): Error {
    if (/OutOfMemoryError/.test(this.stderrTail)) {
      return new UserError(
        'out-of-memory',
        `Java ran out of memory while reasoning over this ontology${heapMb ? ` (heap ${heapMb} MiB)` : ''}. Give it more heap with OARAG_JAVA_HEAP_MB (in MiB).`,
        { heapMb },
      );
    }
    const last = this.stderrTail.trim().split('\n').filter(Boolean).slice(-1)[0];
    return new UserError('bridge-crashed', `The ELK bridge ${how}${last ? `: ${last.slice(0, 300)}` : '.'}`);
  }

  private failAll(err: Error): void {
    for (const p of [...this.pending.values()]) p.reject(err);
    this.pending.clear();
  }
}
