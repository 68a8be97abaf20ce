// POST /api/query-ai (the answer as JSON) and /api/query-ai/stream (server-sent events): parse, ask the
// assistant, answer; a refusal by the quota is the 429 the chat widget's upgrade panel reads.
import { Router, type Request, type Response } from 'express';
import { MAX_QUERY_LENGTH, QueryAiRequest } from '@hhp/proto';
import { HttpError, parse, requestContext, toHttpError, type Logger } from '@hhp/kit';
import type { AnalysisStore } from '../analyses/analysis-store.js';
import { analysisRequest } from '../analyses/requests.js';
import { guestKey, QuotaExceeded } from '../quota/admission.js';
import { retryLater } from '../quota/retry-later.js';
import type { Assistant } from './assistant.js';
import type { Answered, Asker } from './question.js';

/**
 * The proxy's own id of this request (nginx's $request_id in X-Proxy-Request-Id), the same when nginx passes
 * the request to another replica because this one's died before answering: the quota then knows the
 * question it counted already. Believed only from a trusted proxy (TRUSTED_PROXIES), which always sets it
 * itself: a visitor cannot choose it, so cannot make two questions look like one.
 */
const ATTEMPT_ID = /^[A-Za-z0-9_-]{16,64}$/;
function attemptOf(req: Request): string | undefined {
  const header = req.headers['x-proxy-request-id'];
  if (typeof header !== 'string' || !ATTEMPT_ID.test(header)) return undefined;
  const trust = req.app.get('trust proxy fn') as ((address: string, hop: number) => boolean) | undefined;
  return trust?.(req.socket.remoteAddress ?? '', 0) ? header : undefined;
}

/** The longest symptoms an analysis takes: its request, with them, is held to a question's length. */
const MAX_SYMPTOMS_LENGTH = MAX_QUERY_LENGTH - analysisRequest('').length;

/** The question, and for a Symptom Explorer analysis the symptoms it wraps in the analysis request. */
function askerOf(req: Request, streamed: boolean): Asker & { symptoms?: string } {
  const body = parse(QueryAiRequest, req.body);
  const asker = {
    attempt: attemptOf(req),
    body,
    ip: requestContext(req).clientAddress,
    cookie: req.headers.cookie,
    requestId: requestContext(req).requestId,
    streamed,
  };
  if (body.kind !== 'symptom-analysis') return asker;
  if ([...body.query].length > MAX_SYMPTOMS_LENGTH) {
    throw new HttpError(400, `query: your symptoms must be at most ${MAX_SYMPTOMS_LENGTH} characters`);
  }
  return { ...asker, body: { ...body, query: analysisRequest(body.query) }, symptoms: body.query };
}

/**
 * A Symptom Explorer analysis answered as one (not a crisis or an emergency) is remembered for its
 * perspectives: its id. Without the store, the analysis still stands, with no perspectives to offer.
 */
async function analysisOf(
  analyses: AnalysisStore,
  logger: Logger,
  asker: Asker & { symptoms?: string },
  answer: Answered,
): Promise<{ analysisId?: string }> {
  if (asker.symptoms === undefined || answer.isCrisis || answer.isEmergency) return {};
  try {
    return { analysisId: await analyses.remember(guestKey(asker.body.guestId, asker.ip), asker.symptoms) };
  } catch (err) {
    logger.warn({ err, requestId: asker.requestId }, 'could not remember an analysis: no perspectives offered');
    return {};
  }
}

/** The 429: the message to show and the counters, so the widget can show its upgrade panel. */
function refuse(res: Response, err: QuotaExceeded): void {
  res
    .status(429)
    .set('Cache-Control', 'no-store')
    .json({ message: err.message, ...err.quota });
}

/** Aborts when the browser goes away before the answer is complete. */
function abortOnClose(res: Response): AbortController {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller;
}

export function questionsRouter(assistant: Assistant, analyses: AnalysisStore, logger: Logger): Router {
  const router = Router();

  router.post('/api/query-ai', async (req, res) => {
    const asker = askerOf(req, false);
    const controller = abortOnClose(res);
    try {
      const answer = await assistant.ask(asker, { start() {}, delta() {} }, controller.signal);
      res.set('Cache-Control', 'no-store').json({ ...answer, ...(await analysisOf(analyses, logger, asker, answer)) });
    } catch (err) {
      if (err instanceof QuotaExceeded) {
        refuse(res, err);
        return;
      }
      retryLater(res, err);
      throw err;
    }
  });

  router.post('/api/query-ai/stream', async (req, res) => {
    const asker = askerOf(req, true);
    const controller = abortOnClose(res);
    const send = (event: string, data: unknown) => {
      if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    try {
      const answer = await assistant.ask(
        asker,
        {
          start(meta) {
            res.status(200).set({
              'Content-Type': 'text/event-stream; charset=utf-8',
              'Cache-Control': 'no-store, no-transform',
              'X-Accel-Buffering': 'no',
            });
            res.flushHeaders();
            send('meta', meta);
          },
          delta(text) {
            send('delta', { text });
          },
        },
        controller.signal,
      );
      const analysis = await analysisOf(analyses, logger, asker, answer);
      send('done', { response: answer.response, sources: answer.sources, ...analysis });
      res.end();
    } catch (err) {
      if (controller.signal.aborted) return;
      if (!res.headersSent) {
        if (err instanceof QuotaExceeded) {
          refuse(res, err);
          return;
        }
        retryLater(res, err);
        throw err;
      }
      // The stream has begun: the error travels as an event.
      send('error', { message: toHttpError(err).message });
      res.end();
    }
  });

  return router;
}
