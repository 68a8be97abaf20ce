// The Symptom Explorer's analyses as the service gave them, so that a perspective on one is part of it, not a
// new question (issue 27, point 6). Kept in the quota's JetStream key-value bucket (the service's own storage,
// already replicated and allowed to it; its 26 h age limit drops them with the day's slots), under keys of their
// own that no quota key can be (quota keys start with a day or an hour):
//
//   analysis.<id>                 {owner, symptoms}: the visitor's quota identity (guest:<guestId> or
//                                 ip-guest:<address>) and the symptoms analysed
//   analysis.<id>.<perspective>   {state: 'answering', since} while one request answers it, then
//                                 {state: 'answered', answer}: every later press is served that answer
//
// A perspective is answered once per analysis: the request that creates its key (JetStream refuses a create of
// a key that holds a value, whatever replica asks) answers it; the others wait for its answer. One whose
// answer failed deletes the key (another may try); one that died leaves a claim that is taken over once it is
// older than `answeringForMs` (a compare-and-set on its revision, so only one request takes it over).
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream';
import { Kvm, type KV, type KvEntry } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { HttpError, TIMED_OUT, within } from '@hhp/kit';
import type { Source, SymptomPerspective } from '@hhp/proto';
import { QuotaUnavailable } from '../quota/admission.js';

/** What a perspective's answer keeps: served as it was given to every later press of its button. */
export interface PerspectiveAnswer {
  response: string;
  isEmergency: boolean;
  sources: Source[];
}

interface AnalysisRecord {
  owner: string;
  symptoms: string;
}

type PerspectiveEntry = { state: 'answering'; since: number } | { state: 'answered'; answer: PerspectiveAnswer };

/** Unknown, another visitor's, or gone with its day: the same answer for each, so an id reveals nothing. */
class AnalysisNotFound extends HttpError {
  constructor() {
    super(404, 'We could not find this analysis. Please describe your symptoms and analyze them again.');
  }
}

/** How often a request waiting for another's answer to the same perspective looks again. */
const POLL_MS = 100;

const isTaken = (err: unknown) =>
  err instanceof JetStreamApiError &&
  (err.code === JetStreamApiCodes.StreamWrongLastSequence ||
    err.code === JetStreamApiCodes.StreamWrongLastSequenceUnknown);

export interface AnalysisStoreOptions {
  /** Each request to the bucket waits this long at most (DB_TIMEOUT_MS); then 503, nothing counted. */
  timeoutMs: number;
  /** A perspective being answered longer than this is taken to have lost its answerer (it died). */
  answeringForMs: number;
}

export class AnalysisStore {
  private constructor(
    private readonly kv: KV,
    private readonly options: AnalysisStoreOptions,
  ) {}

  /** Opens the quota bucket (QuotaCounters.open creates it first). */
  static async open(nc: NatsConnection, bucket: string, options: AnalysisStoreOptions): Promise<AnalysisStore> {
    return new AnalysisStore(await new Kvm(nc).open(bucket), options);
  }

  private async store<T>(request: Promise<T>): Promise<T> {
    const result = await within(this.options.timeoutMs, request);
    if (result === TIMED_OUT) throw new QuotaUnavailable();
    return result;
  }

  /** Remembers an analysis given to `owner`: its id (random, 128 bits). */
  async remember(owner: string, symptoms: string): Promise<string> {
    const id = randomBytes(16).toString('base64url');
    const record: AnalysisRecord = { owner, symptoms };
    await this.store(this.kv.create(`analysis.${id}`, JSON.stringify(record)));
    return id;
  }

  /** The symptoms of the analysis `id` given to `owner`; AnalysisNotFound for any other id. */
  async symptomsOf(id: string, owner: string): Promise<string> {
    const entry = await this.store(this.kv.get(`analysis.${id}`));
    const record = entry?.operation === 'PUT' ? (entry.json() as AnalysisRecord) : undefined;
    if (!record || record.owner !== owner) throw new AnalysisNotFound();
    return record.symptoms;
  }

  /**
   * The answer to `perspective` of the analysis `id`: answered by `answer` if no request has answered it yet
   * (and none is answering it now), else the answer given. A failed `answer` frees the perspective and rejects.
   */
  async perspective(
    id: string,
    perspective: SymptomPerspective,
    answer: () => Promise<PerspectiveAnswer>,
  ): Promise<PerspectiveAnswer> {
    const key = `analysis.${id}.${perspective}`;
    const answering = () => JSON.stringify({ state: 'answering', since: Date.now() } satisfies PerspectiveEntry);
    const deadline = Date.now() + this.options.answeringForMs + this.options.timeoutMs;
    for (;;) {
      let claimed: number | undefined;
      try {
        claimed = await this.store(this.kv.create(key, answering()));
      } catch (err) {
        if (!isTaken(err)) throw err;
      }
      if (claimed === undefined) {
        const entry = await this.store(this.kv.get(key));
        const current = entry?.operation === 'PUT' ? (entry.json() as PerspectiveEntry) : undefined;
        if (current?.state === 'answered') return current.answer;
        if (current && Date.now() - current.since > this.options.answeringForMs) {
          claimed = await this.takeOver(key, entry!, answering());
        }
        if (claimed === undefined) {
          if (Date.now() > deadline) throw new QuotaUnavailable();
          if (current) await sleep(POLL_MS);
          continue;
        }
      }
      return this.answerAs(key, claimed, answer);
    }
  }

  /** A claim left by a request that died: taken over by the one request whose compare-and-set wins. */
  private async takeOver(key: string, entry: KvEntry, value: string): Promise<number | undefined> {
    try {
      return await this.store(this.kv.update(key, value, entry.revision));
    } catch (err) {
      if (isTaken(err)) return undefined;
      throw err;
    }
  }

  private async answerAs(
    key: string,
    revision: number,
    answer: () => Promise<PerspectiveAnswer>,
  ): Promise<PerspectiveAnswer> {
    let given: PerspectiveAnswer;
    try {
      given = await answer();
    } catch (err) {
      await this.kv.delete(key, { previousSeq: revision }).catch(() => undefined);
      throw err;
    }
    const entry: PerspectiveEntry = { state: 'answered', answer: given };
    // Kept for the next press; if the bucket is away now, this press still gets its answer.
    await this.store(this.kv.update(key, JSON.stringify(entry), revision)).catch(() => undefined);
    return given;
  }
}
