import { randomBytes } from 'node:crypto';
import { crisisModelSettings, loadCrisisModel } from '@hhp/crisis-model';
import { within, type ServiceContext, type ServiceParts } from '@hhp/kit';
import { Admission } from './quota/admission.js';
import { AnalysisStore } from './analyses/analysis-store.js';
import { Perspectives } from './analyses/perspectives.js';
import { perspectivesRouter } from './analyses/perspectives.router.js';
import { AnalyticsPublisher } from './analytics/analytics.js';
import { AnsweredEvents } from './analytics/answered-event.js';
import { askReplies } from './questions/ask.replies.js';
import { Assistant } from './questions/assistant.js';
import type { AiQueryConfig } from './config.js';
import { CrisisCheck } from './crisis/crisis-check.js';
import { openAiModel, type LanguageModel } from './model/llm.js';
import { aiMetrics } from './metrics.js';
import { QuotaCounters } from './quota/quota-counters.js';
import { Library } from './answers/retrieval.js';
import { questionsRouter } from './questions/questions.router.js';
import { quotaRouter } from './quota/quota.router.js';
import { SessionPasses } from './quota/session-pass.js';
import { Subscribers } from './subscribers/subscribers.js';

/** The ai-query service's parts; `model` replaces the OpenAI client (tests). */
export function aiQueryService(overrides: { model?: LanguageModel } = {}) {
  return async ({ config, mongo, bus, logger, metrics }: ServiceContext<AiQueryConfig>): Promise<ServiceParts> => {
    // Read at each scrape, by then the admission exists.
    const ai = aiMetrics(metrics.registry, () => admission.waiting);
    const quota = await QuotaCounters.open(bus.nc, config.QUOTA_TIME_ZONE, {
      logger,
      bucket: config.QUOTA_BUCKET,
      replicas: config.QUOTA_BUCKET_REPLICAS,
      latency: ai.quotaStore,
    });
    // The counters lived in the database before they moved to the bucket: their old collection goes.
    await mongo.connection
      .dropCollection('quota_slots')
      .catch((err: unknown) => logger.debug({ err }, 'no old quota collection to drop'));
    const subscribers = new Subscribers(
      mongo.connection,
      config.SUBSCRIBER_COOKIE_SECRET,
      config.SUBSCRIBER_COOKIE_PREVIOUS_SECRET,
    );
    await mongo.connection.collection('subscribers').createIndex({ _id: 1, asOf: 1 });
    const model = 'model' in overrides ? overrides.model : openAiModel(config);
    if (!model) logger.info('no OPENAI_API_KEY: answering from the offline library');
    if (!config.SUBSCRIBER_COOKIE_SECRET) logger.warn('no SUBSCRIBER_COOKIE_SECRET: subscribers are treated as guests');
    // The sentence-embedding model, loaded in the background (not ready until loaded or failed): the crisis model
    // judges what the rules let pass in-process, and the library ranks pages by meaning besides words.
    const models = loadCrisisModel({ registry: metrics.registry, logger, ...crisisModelSettings(config) });
    const { embeddings, spanish, judge: crisisModel } = models;
    const crisis = new CrisisCheck(bus, config.CRISIS_TIMEOUT_MS, logger, crisisModel);
    // Once the model runs here too, the crisis service may have nothing more to say: ask it again at once.
    void crisisModel.ready.then(() => crisis.refresh());
    // The library's pages are embedded once the model has loaded (read from the cache after the first start).
    const library = new Library(undefined, embeddings, { modelDir: embeddings.dir });
    void embeddings.ready.then(() => library.prepare());
    const analytics = new AnalyticsPublisher(bus, logger, metrics.registry);
    const admission = new Admission({
      config,
      quota,
      storeConnected: () => bus.isConnected(),
      subscribers,
      sessionPasses: new SessionPasses(config.SESSION_PASS_SECRET),
      logger,
      metrics: ai,
    });
    // Key of the visitor hash in events: its own, else the cookie secret, else one for this process only.
    const visitorKey = config.VISITOR_HASH_KEY ?? config.SUBSCRIBER_COOKIE_SECRET ?? randomBytes(32).toString('hex');
    const assistant = new Assistant({
      config,
      admission,
      crisis,
      library,
      model,
      answered: new AnsweredEvents(analytics, visitorKey, ai),
      logger,
      metrics: ai,
    });
    // The Symptom Explorer's analyses, in the quota's bucket: a perspective on one is not counted again.
    const analyses = await AnalysisStore.open(bus.nc, config.QUOTA_BUCKET, {
      timeoutMs: config.DB_TIMEOUT_MS,
      answeringForMs: 2 * config.OPENAI_TIMEOUT_MS,
    });
    const consumer = await subscribers.consume(bus);
    const asks = askReplies(bus, assistant);
    return {
      routers: [
        questionsRouter(assistant, analyses, logger),
        perspectivesRouter(new Perspectives({ store: analyses, assistant, admission })),
        quotaRouter(admission),
      ],
      every: [crisis.refreshTask],
      readiness: { 'crisis model': crisisModel.readiness },
      stop: [
        ['spoken questions', () => asks.drain()],
        ['subscription consumer', () => consumer.stop()],
        ['analytics', () => analytics.flush()],
        // Give-backs still being retried get a last moment (NATS may be back), not the retry schedule.
        ['quota give-backs', () => within(config.DB_TIMEOUT_MS, quota.settled()).then(() => undefined)],
        ['embedding models', () => Promise.all([embeddings.close(), spanish.close()]).then(() => undefined)],
      ],
    };
  };
}
