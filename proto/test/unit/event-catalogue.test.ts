// The event catalogue against the code: services/*/src is read (nats-usage.ts) and every subject it
// publishes, consumes, asks or answers must be in the catalogue with exactly those producers and consumers.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EVENT_CATALOGUE, KV_BUCKETS, type CatalogueEntry, type NatsService } from '../../src/event-catalogue.js';
import { DEAD_LETTER_SUBJECT, EVENTS_SUBJECTS, RpcSubjects, Subjects } from '../../src/events.js';
import { SERVICE_NAMES } from '../../src/services.js';
import { scanService, scanSource, type NatsUse } from './nats-usage.js';

const servicesDir = fileURLToPath(new URL('../../../services', import.meta.url));
/** Folders under services/ that are libraries, not services: they have no NATS user of their own. */
const LIBRARIES = ['kit', 'crisis-rules', 'embeddings', 'crisis-model'];

const catalogue: readonly CatalogueEntry[] = EVENT_CATALOGUE;
const scans = new Map(SERVICE_NAMES.map((service) => [service, scanService(servicesDir, service)]));

/** What the code does, in the catalogue's terms: per subject, who produces and who consumes. */
function observed() {
  const bySubject = new Map<string, { producers: Set<string>; consumers: Set<string> }>();
  const at = (subject: string) => {
    if (!bySubject.has(subject)) bySubject.set(subject, { producers: new Set(), consumers: new Set() });
    return bySubject.get(subject)!;
  };
  for (const [service, scan] of scans) {
    for (const use of scan.uses) {
      if (use.role === 'publish' || use.role === 'request') at(use.subject).producers.add(service);
      else at(use.subject).consumers.add(use.role === 'subscribe' ? `${service} (${use.durable})` : service);
    }
    // The kit's EventBus dead-letters for every service that runs a consumer.
    if (scan.uses.some((u) => u.role === 'subscribe')) at(DEAD_LETTER_SUBJECT).producers.add(service);
  }
  return bySubject;
}

const listed = (entry: CatalogueEntry) => ({
  producers: [...entry.producers].sort(),
  consumers: entry.consumers.map((c) => (typeof c === 'string' ? c : `${c.service} (${c.durable})`)).sort(),
});

describe('the event catalogue', () => {
  test('when services/ is listed, then every folder but the libraries is a service of the manifest, and so is scanned', () => {
    const folders = readdirSync(servicesDir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !LIBRARIES.includes(e.name))
      .map((e) => e.name);
    expect(folders.sort()).toEqual([...SERVICE_NAMES].sort());
  });

  test('when the services are read, then every subject they use is written as a proto subject the scan can attribute', () => {
    expect([...scans.values()].flatMap((scan) => scan.problems)).toEqual([]);
  });

  test('when the services are read, then each subject has exactly the producers and consumers the catalogue lists', () => {
    const code = observed();
    const subjects = [...new Set([...code.keys(), ...catalogue.map((e) => e.subject)])].sort();
    const fromCode = subjects.map((subject) => ({
      subject,
      producers: [...(code.get(subject)?.producers ?? [])].sort(),
      consumers: [...(code.get(subject)?.consumers ?? [])].sort(),
    }));
    const fromCatalogue = subjects.map((subject) => {
      const entry = catalogue.find((e) => e.subject === subject);
      return { subject, ...(entry ? listed(entry) : { producers: ['(not in the catalogue)'], consumers: [] }) };
    });
    expect(fromCode).toEqual(fromCatalogue);
  });

  test('when proto names a subject, then the catalogue lists it once, with its delivery', () => {
    const named = [...Object.values(Subjects), DEAD_LETTER_SUBJECT, ...Object.values(RpcSubjects)].sort();
    expect(catalogue.map((e) => e.subject).sort()).toEqual(named);
    const rpc = Object.values(RpcSubjects) as string[];
    expect(catalogue.filter((e) => e.delivery === 'request-reply').map((e) => e.subject)).toEqual(rpc);
  });

  test("when an event is on the stream, then the stream's subjects hold it, and no request subject is among them", () => {
    const onStream = (subject: string) =>
      subject === DEAD_LETTER_SUBJECT || EVENTS_SUBJECTS.some((s) => subject.startsWith(s.replace(/>$/, '')));
    for (const entry of catalogue)
      expect([entry.subject, onStream(entry.subject)]).toEqual([entry.subject, entry.delivery === 'jetstream']);
  });

  test("when an event's schema is read, then its type is the subject (the envelope's type is what is published)", () => {
    for (const entry of catalogue.filter((e) => e.delivery === 'jetstream' && e.subject !== DEAD_LETTER_SUBJECT)) {
      const type = (entry.schema as unknown as { shape: { type: { value: string } } }).shape.type.value;
      expect([entry.subject, type]).toEqual([entry.subject, entry.subject]);
    }
  });

  test('when an event has no producer or no consumer, then the catalogue says why, and only then', () => {
    const reasons = catalogue.map((e) => ({
      subject: e.subject,
      noProducer: e.producers.length === 0,
      producerReason: 'noProducer' in e && !!e.noProducer,
      noConsumer: e.consumers.length === 0,
      consumerReason: 'noConsumer' in e && !!e.noConsumer,
    }));
    expect(reasons).toEqual(reasons.map((r) => ({ ...r, producerReason: r.noProducer, consumerReason: r.noConsumer })));
    // What the issue asked to see: events nobody consumes, and the consumed one nobody produces yet.
    expect(catalogue.filter((e) => e.consumers.length === 0).map((e) => e.subject)).toContain(Subjects.videoUpserted);
    expect(catalogue.filter((e) => e.producers.length === 0).map((e) => e.subject)).toEqual([]);
  });

  test('when a service opens a key-value bucket, then the catalogue lists a bucket it owns, and no other owns one', () => {
    const opening = [...scans].filter(([, scan]) => scan.keyValue).map(([service]) => service);
    expect(opening.sort()).toEqual([...new Set(KV_BUCKETS.map((b) => b.owner as NatsService))].sort());
  });
});

describe('the scan of a service', () => {
  const uses = (text: string): Omit<NatsUse, 'where'>[] =>
    scanSource(text, 'x.ts').uses.map(({ where: _where, ...use }) => use);

  test('when code publishes, consumes, asks and answers with proto subjects, then each use is found with its role', () => {
    const text = `
      events.publish(createEnvelope(Subjects.aiAnswered, data));
      await bus.subscribe(Subjects.subscriptionChanged, 'ai-query-subscribers', handler);
      await this.bus.request(RpcSubjects.crisisInfo, {}, { response });
      bus.reply(RpcSubjects.detectCrisis, { request, handler });
      bus.publish(envelope, { subject: DEAD_LETTER_SUBJECT });
    `;
    expect(uses(text)).toEqual([
      { role: 'publish', subject: 'ai.v1.answered' },
      { role: 'subscribe', subject: 'subscription.v1.changed', durable: 'ai-query-subscribers' },
      { role: 'request', subject: 'rpc.crisis.v1.info' },
      { role: 'reply', subject: 'rpc.crisis.v1.detect' },
      { role: 'publish', subject: DEAD_LETTER_SUBJECT },
    ]);
  });

  test('when a subject is handed to a forwarder (ask, action), then it is a request; the forwarder passing its own parameter on is no problem, another variable is', () => {
    const text = `
      const ask = (req, subject, payload, response) => bus.request(subject, payload, { response });
      await ask(req, RpcSubjects.practiceCalendar, {}, CalendarResponse);
      router.post(path, ...action('booking-cancelled', Schema, RpcSubjects.practiceCancel));
      const other = (subject) => bus.request(subject, {}, options);
    `;
    const scan = scanSource(text, 'x.ts');
    expect(scan.uses.map(({ role, subject }) => ({ role, subject }))).toEqual([
      { role: 'request', subject: 'rpc.booking.v1.practice-calendar' },
      { role: 'request', subject: 'rpc.booking.v1.practice-cancel' },
    ]);
    expect(scan.problems).toEqual([expect.stringMatching(/^x\.ts:5: request\(subject, …\)/)]);
  });

  test('when a subject is written out, held in a variable or unknown to proto, then the scan reports it', () => {
    const { problems } = scanSource(
      `
      nc.publish('booking.v1.confirmed', bytes);
      const subject = Subjects.aiAnswered;
      bus.subscribe(subject, 'durable', handler);
      bus.request(RpcSubjects.bookingPrice, {}, options);
      bus.subscribe(Subjects.aiAnswered, durableName, handler);
      inbox.consume(Subjects.aiAnswered, handler);
      `,
      'x.ts',
    );
    expect(problems.map((p) => p.replace(/^x\.ts:\d+: /, '').split(/[ (]/)[0])).toEqual([
      'publish',
      'subscribe',
      'request',
      'RpcSubjects.bookingPrice',
      'subscribe',
      'inbox.consume',
    ]);
  });

  test('when code calls an HTTP client, registers a callback or names a publisher, then the scan leaves it alone', () => {
    const scan = scanSource(
      `await client.request({ path: '/v1/x' }); store.subscribe(() => render());
      new DurablePublisher({ bus, name: Subjects.crisisDetected }); 'ai.v1.answered'.toString();`,
      'x.ts',
    );
    expect(scan).toEqual({ uses: [], problems: [], keyValue: false });
  });

  test("when code opens a bucket with the client's Kvm or the kit's KvSlotStore, then the scan says it opens one", () => {
    expect(scanSource('const kv = await new Kvm(nc).open(bucket);', 'x.ts').keyValue).toBe(true);
    expect(scanSource('const store = await KvSlotStore.open(nc, { bucket });', 'x.ts').keyValue).toBe(true);
    expect(scanSource('const store = await SlotStore.open(nc, { bucket });', 'x.ts').keyValue).toBe(false);
  });
});
