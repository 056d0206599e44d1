import type {
  ApiEvent,
  ApiEvents,
  ApiMethod,
  ApiParams,
  ApiResults,
  DesktopBridge,
  WorkbenchApi,
} from '../../src-main/api/contract';
import { ApiError, toApiError } from './api-error';

/** WorkbenchApi over the preload's `window.oarag`; errors arrive as data and become ApiError. */
export class ElectronTransport implements WorkbenchApi {
  constructor(private readonly bridge: DesktopBridge) {}

  async call<M extends ApiMethod>(method: M, params: ApiParams<M>): Promise<ApiResults[M]> {
    let env;
    try {
      // Params cross the context bridge by structured clone: strip Vue proxies first.
      env = await this.bridge.call(method, JSON.parse(JSON.stringify(params ?? {})));
    } catch (e) {
      throw toApiError(e);
    }
    if (!env || typeof env !== 'object') throw new ApiError('internal', 'Malformed reply from the main process.');
    if (env.ok) return env.result as ApiResults[M];
    throw toApiError(env.error);
  }

  on<E extends ApiEvent>(event: E, listener: (payload: ApiEvents[E]) => void): () => void {
    return this.bridge.on(event, listener as (p: unknown) => void);
  }
}
