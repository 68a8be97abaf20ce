// Work on one key at a time within this process, in front of the unique inserts of the sign-in limits and
// links. The database alone decides who gets a slot or a link's one use (it still does across replicas),
// but concurrent inserts of one `_id` make FerretDB on PostgreSQL wait for one another, for seconds under a
// burst (BENCHMARKS.md, booking's race), where the same requests taken in turn find the slot taken at once.
export class KeyedTurns {
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
