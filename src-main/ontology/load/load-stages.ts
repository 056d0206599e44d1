import type { TaskProgress } from '../../core/task';
import type { BridgeProgress } from '../bridge/bridge-client';
import type { LoadStage } from '../ontology-types';

/** Reports a fraction of one stage; the caller's progress bar sees it as a share of the whole load. */
export type StageReport = (stage: LoadStage, fraction: number) => void;

/** Where each stage sits on the overall progress bar of a cold load. */
const STAGE_SPAN: Record<LoadStage, [number, number]> = {
  check: [0, 0.02],
  parse: [0.02, 0.25],
  classify: [0.25, 0.55],
  closure: [0.55, 0.65],
  write: [0.65, 0.7],
  index: [0.7, 0.9],
  store: [0.9, 1],
  open: [0, 1],
};

export function stageReporter(onProgress?: (p: TaskProgress) => void): StageReport {
  return (stage, f) => {
    const [a, b] = STAGE_SPAN[stage];
    onProgress?.({ stage, fraction: a + (b - a) * Math.min(1, Math.max(0, f)) });
  };
}

/**
 * The stage a cold load is in, and the seconds each stage took (the summary's `stageSeconds`). The
 * bridge's progress moves it through parse, classify, closure and write; Node enters the others.
 */
export class LoadStages {
  readonly seconds: Partial<Record<LoadStage, number>> = {};
  private stage: LoadStage = 'parse';
  private stageStart = performance.now();

  constructor(readonly report: StageReport) {}

  enter(s: LoadStage): void {
    const now = performance.now();
    this.seconds[this.stage] = (this.seconds[this.stage] ?? 0) + (now - this.stageStart) / 1000;
    this.stage = s;
    this.stageStart = now;
    this.report(s, 0);
  }

  /** For the bridge's requests: a stage the bridge reports starts that stage here too. */
  readonly onBridge = (p: BridgeProgress): void => {
    if (p.stage !== this.stage) this.enter(p.stage);
    this.report(p.stage, p.fraction);
  };
}
