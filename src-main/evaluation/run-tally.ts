import type { TaskProgress } from '../core/task';
import { EvalRate, progressStage } from './eval-rate';
import type { ItemResult } from './evaluation-types';

/** An evaluation run's results in dataset order, its counts, and its progress as items finish in any order. */
export class RunTally {
  readonly results: ItemResult[] = [];
  answered = 0;
  reused = 0;
  private finished = 0;
  private readonly rate = new EvalRate();

  constructor(
    private readonly total: number,
    private readonly onProgress?: (p: TaskProgress) => void,
    private readonly onItem?: (r: ItemResult, fromStore: boolean) => void,
  ) {}

  /** Items done and the rate, with the time left. */
  stage(): string {
    return progressStage(this.finished, this.total, this.rate);
  }

  progress(stage = this.stage()): void {
    this.onProgress?.({ fraction: this.total ? this.finished / this.total : 1, stage });
  }

  /** An item stored by an earlier run under the same key. */
  reuse(i: number, prior: ItemResult): void {
    this.results[i] = prior;
    this.reused++;
    this.finished++;
    this.onItem?.(prior, true);
  }

  /** An item answered and scored in this run. */
  answer(i: number, r: ItemResult): void {
    this.results[i] = r;
    this.answered++;
    this.finished++;
    this.rate.answered();
    this.onItem?.(r, false);
    this.progress();
  }
}
