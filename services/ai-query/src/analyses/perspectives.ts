// A perspective on a Symptom Explorer analysis already given (issue 27, point 6): part of that analysis, so it
// is not counted again. Only the visitor the analysis was given to (the quota's identity: guestId, or the
// address without one) may ask for it, only about the symptoms the service remembers, and each perspective of
// an analysis is answered once (analysis-store.ts); the counters in the answer are the visitor's, unchanged.
import type { PerspectiveRequest, QueryAiResponse } from '@hhp/proto';
import { guestKey, type Admission } from '../quota/admission.js';
import type { Assistant } from '../questions/assistant.js';
import type { AnalysisStore } from './analysis-store.js';
import { perspectiveRequest } from './requests.js';

export interface PerspectiveAsker {
  body: PerspectiveRequest;
  ip: string;
  cookie: string | undefined;
  requestId: string | undefined;
}

export class Perspectives {
  constructor(private readonly deps: { store: AnalysisStore; assistant: Assistant; admission: Admission }) {}

  async answer(asker: PerspectiveAsker, signal: AbortSignal): Promise<QueryAiResponse> {
    const { analysisId, perspective, guestId } = asker.body;
    const { store, assistant, admission } = this.deps;
    const symptoms = await store.symptomsOf(analysisId, guestKey(guestId, asker.ip));
    const quota = await admission.countersSoon(guestId, asker.ip, admission.unlimitedOrUnknown(asker.cookie));
    const given = await store.perspective(analysisId, perspective, async () => {
      const query = perspectiveRequest(perspective, symptoms);
      const { response, isEmergency, sources } = await assistant.uncounted(
        { ...asker, body: { query, guestId }, streamed: false },
        quota,
        signal,
      );
      return { response, isEmergency, sources };
    });
    return { ...quota, ...given, isCrisis: false };
  }
}
