// The video list changes a few times a day and is read on every visit to /videos: keep each list
// (all, or one category) as ready-to-send JSON for a few seconds. This replica's ingests make it stale at
// once; another replica's ingest shows here within the TTL. A stale list is kept, not dropped: when the
// database does not answer in time (or fails), the last list served is better than an error.
import { TIMED_OUT, within } from '@hhp/kit';

const VIDEO_LIST_TTL_MS = 5000;

interface Entry {
  json: string;
  expiresAt: number;
  generation: number;
}

export type ListAnswer = { json: string; stale: boolean } | typeof TIMED_OUT;

export class VideoListCache {
  private readonly entries = new Map<string, Entry>();
  /** One read per list at a time: during a stall, requests wait on the read already waiting. */
  private readonly loading = new Map<string, { generation: number; startedAt: number; json: Promise<string> }>();
  private generation = 0;

  constructor(private readonly ttlMs = VIDEO_LIST_TTL_MS) {}

  /**
   * The list: fresh from the cache, else read with `load`. When the read takes longer than `timeoutMs` or
   * fails, the list kept from before (`stale`); without one, TIMED_OUT or the read's error.
   */
  async get(key: string, load: () => Promise<unknown>, timeoutMs: number): Promise<ListAnswer> {
    const kept = this.entries.get(key);
    if (kept && kept.generation === this.generation && kept.expiresAt > Date.now()) {
      return { json: kept.json, stale: false };
    }
    // A read already past the deadline means the database is stalled: answer with the kept list at once.
    const running = this.loading.get(key);
    if (kept && running && Date.now() - running.startedAt >= timeoutMs) return { json: kept.json, stale: true };
    try {
      const json = await within(timeoutMs, this.read(key, load));
      if (json !== TIMED_OUT) return { json, stale: false };
      return kept ? { json: kept.json, stale: true } : TIMED_OUT;
    } catch (err) {
      if (kept) return { json: kept.json, stale: true };
      throw err;
    }
  }

  private read(key: string, load: () => Promise<unknown>): Promise<string> {
    const generation = this.generation;
    const running = this.loading.get(key);
    if (running?.generation === generation) return running.json;
    const json = load().then((list) => {
      const text = JSON.stringify(list);
      // An ingest that landed while this list was read makes it stale: serve it, keep it only as a fallback
      // (and never in place of a list read after that ingest).
      if ((this.entries.get(key)?.generation ?? -1) <= generation) {
        this.entries.set(key, { json: text, expiresAt: Date.now() + this.ttlMs, generation });
      }
      return text;
    });
    const entry = { generation, startedAt: Date.now(), json };
    this.loading.set(key, entry);
    const done = () => {
      if (this.loading.get(key) === entry) this.loading.delete(key);
    };
    json.then(done, done);
    return json;
  }

  /** A video was stored: every list is read again on its next request (and kept until then). */
  invalidate(): void {
    this.generation += 1;
  }
}
