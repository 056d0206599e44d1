import type { ParseArgsConfig } from 'node:util';
import type { Container } from '../container';
import type { CliIo } from './cli-io';

export interface CommandContext {
  io: CliIo;
  container: Container;
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

export interface CommandSpec {
  name: string;
  summary: string;
  usage: string;
  options: NonNullable<ParseArgsConfig['options']>;
  run(ctx: CommandContext): Promise<number>;
}
