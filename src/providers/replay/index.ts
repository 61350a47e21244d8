import { ProviderError, type Completion, type CompletionRequest, type ModelProvider } from '../../core/provider.js';
import { CASSETTE_VERSION, entryKey, readCassette, requestHash, writeCassette, type Cassette } from './cassette.js';

export interface ReplayProvider extends ModelProvider {
  /** Requests whose conversation differs from the recording (answered anyway, by case/run/turn). */
  readonly drift: string[];
}

/** Answers from a cassette; never touches the network. A request the cassette lacks is a `replay-miss` error. */
export async function createReplayProvider(dir: string, model: string): Promise<ReplayProvider> {
  const c = await readCassette(dir, model);
  const drift: string[] = [];
  return {
    id: c.model,
    params: c.params,
    drift,
    complete(req: CompletionRequest): Promise<Completion> {
      if (!req.context) return Promise.reject(new ProviderError('replay-miss', 'replay needs the case, run and turn of each request'));
      const key = entryKey(req.context);
      const e = c.entries[key];
      if (!e) return Promise.reject(new ProviderError('replay-miss', `the cassette has no answer for ${key}`));
      if (e.requestHash !== requestHash(req)) drift.push(key);
      return Promise.resolve(structuredClone(e.completion));
    },
  };
}

export interface RecordingProvider extends ModelProvider {
  save(dir: string): Promise<string>;
}

/** Wraps a live provider and keeps every answer for a cassette. */
export function recording(inner: ModelProvider): RecordingProvider {
  const cassette: Cassette = { version: CASSETTE_VERSION, model: inner.id, params: inner.params, recordedAt: new Date().toISOString(), entries: {} };
  return {
    id: inner.id,
    params: inner.params,
    async complete(req) {
      const out = await inner.complete(req);
      if (req.context) cassette.entries[entryKey(req.context)] = { requestHash: requestHash(req), completion: out };
      return out;
    },
    save: (dir) => writeCassette(dir, cassette),
  };
}
