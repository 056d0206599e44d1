import type { CommandSpec } from '../run-args';
import { cardCommand } from './card-command';
import { loadCommand } from './load-command';

export const COMMANDS: CommandSpec[] = [loadCommand, cardCommand];
