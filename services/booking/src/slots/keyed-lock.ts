// Work on one key at a time within this process. Used in front of the unique inserts of seat-claims.ts:
// the database alone decides who wins a seat (it still does across replicas), but concurrent inserts of
// the same `_id` make FerretDB on PostgreSQL wait for one another, for seconds under a burst, where the
// same requests taken in turn each read the seat as taken first and are refused at once.
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
