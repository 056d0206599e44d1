import type { ErrorCode } from '../../../core/error-codes';
import type { SparqlResult } from './raw-sparql';

export interface SparqlRequest {
  id: number;
  query: string;
  maxRows: number;
}

export type SparqlReply =
  | { type: 'ready' }
  | { type: 'load-failed'; message: string }
  | { type: 'result'; id: number; result: SparqlResult }
  | { type: 'error'; id: number; error: { code: ErrorCode; message: string } };
