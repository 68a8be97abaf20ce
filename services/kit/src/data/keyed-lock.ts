// Work on one key at a time within this process. Used in front of unique inserts that decide something
// (booking's seat claims, payments' sign-in counters and links): the database alone decides who wins (it
// still does across replicas), but concurrent inserts of the same `_id` make FerretDB on PostgreSQL wait for
// one another, for seconds under a burst, where the same requests taken in turn each find the `_id` taken
// first and are refused at once (BENCHMARKS.md, booking's race).
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
