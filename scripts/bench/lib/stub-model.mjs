// The model of the ai-query benchmarks: a local OpenAI-compatible stub that answers at once, and the
// environment that points a stack at it.
import { startOpenAiStub } from '../../../infra/dist/testing/openai-stub.js';

/** The stub keeps no record of requests: a run sends tens of thousands, and its GC would count as latency. */
export const startStubModel = () =>
  startOpenAiStub({ reply: () => 'Ginger tea after meals may ease bloating.', recordRequests: false });

/** A stack whose ai-query asks the stub (and whose crisis service asks its moderation endpoint). */
export const stubModelEnv = (stub, replicas) => ({
  OPENAI_API_KEY: 'sk-bench',
  OPENAI_BASE_URL: stub.baseUrl,
  OPENAI_MAX_RETRIES: '0',
  AI_QUERY_REPLICAS: String(replicas),
  // Every request comes from 127.0.0.1: the guard against guestId rotation must not be what is measured.
  IP_NEW_GUESTS_PER_HOUR: '100000000',
});
