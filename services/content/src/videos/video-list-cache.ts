// The video list changes a few times a day and is read on every visit to /videos: keep each list
// (all, or one category) as ready-to-send JSON for a few seconds. This replica's ingests clear it at
// once; another replica's ingest shows here within the TTL.
export const VIDEO_LIST_TTL_MS = 5000;

interface Entry {
  json: string;
  expiresAt: number;
}

export class VideoListCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(private readonly ttlMs = VIDEO_LIST_TTL_MS) {}

  async get(key: string, load: () => Promise<unknown>): Promise<string> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit.json;
    const generation = this.generation;
    const json = JSON.stringify(await load());
    // An ingest that landed while this list was read makes it stale: serve it, don't keep it.
    if (generation === this.generation) this.entries.set(key, { json, expiresAt: Date.now() + this.ttlMs });
    return json;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
