import type { CommandSpec } from '../command-spec';
import { askCommand } from './ask-command';
import { cardCommand } from './card-command';
import { diffCommand } from './diff-command';
import { evalCommand } from './eval-command';
import { generateCommand } from './generate-command';
import { loadCommand } from './load-command';
import { mcpCommand } from './mcp-command';
import { explainCommand, queryCommand } from './query-command';
import { reviseCommand } from './revise-command';
import { serveCommand } from './serve-command';
import { sparqlCommand } from './sparql-command';

export const COMMANDS: CommandSpec[] = [
  loadCommand,
  cardCommand,
  queryCommand,
  explainCommand,
  sparqlCommand,
  askCommand,
  serveCommand,
  generateCommand,
  evalCommand,
  reviseCommand,
  diffCommand,
  mcpCommand,
];
