import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Embedder, embeddingModelDir } from '@hhp/embeddings';
import { Library } from '../../src/answers/retrieval.js';
import type { EmbeddingSource } from '../../src/answers/page-vectors.js';
import { meaningText, perspectiveAsked } from '../../src/answers/question-text.js';
import { terms } from '../../src/answers/vocabulary.js';
import { offlineAnswer } from '../../src/answers/persona.js';
import { cautionFor } from '../../src/answers/caution.js';

// Every behaviour below holds for both engines: the words alone (BM25: before the model has loaded, or when it
// failed) and words with meaning (the real sentence-embedding model, as the bootstrap installs it).
let embedder: Embedder;
beforeAll(async () => {
  embedder = await Embedder.load({ dir: embeddingModelDir() });
});
afterAll(() => embedder.release());

const engines: [string, () => EmbeddingSource | undefined][] = [
  ['by words alone', () => undefined],
  ['by words and meaning', () => ({ embedder })],
];

describe.each(engines)('the library the answers are grounded in (%s)', (_, model) => {
  let library: Library;
  beforeAll(async () => {
    library = new Library(undefined, model());
    await library.prepare();
  });
  const paths = async (query: string) => (await library.search(query)).map(({ passage }) => passage.path);

  test.each([
    ['I keep waking up at 3am and cannot sleep', '/conditions/insomnia'],
    ['Terrible heartburn after dinner', '/conditions/acid-reflux'],
    ['My skin is itchy and red', '/conditions/rashes'],
    ['I feel anxious and constipated', '/conditions/constipation-anxiety'],
    ['Always tired, no energy, feeling low', '/conditions/lethargy-depression'],
    ['I snap at people, so irritable lately', '/conditions/irritability'],
    ['What is NAET and can it help allergies?', '/treatments#naet'],
    ['I keep eating when stressed', '/conditions/nervous-overeating'],
    ['brain fog every afternoon', '/symptoms#energy'],
    ['How much is the in-person consultation?', '/book'],
  ])('when asked %j, then the best page is %s', async (query, path) => {
    expect((await paths(query))[0]).toBe(path);
  });

  test('when asked about a sleep problem, then the sources are about sleep, the insomnia page first', async () => {
    expect(await paths('I have trouble sleeping, what can help?')).toEqual([
      '/conditions/insomnia',
      '/symptoms#mental',
    ]);
    expect(await paths('I am tired and sad every day')).toEqual(['/conditions/lethargy-depression']);
  });

  test('when asked what a treatment is, then the answer is its whole overview, not one line', async () => {
    const [naet, ...others] = await library.search('What is NAET?');
    expect(others).toEqual([]);
    expect(naet!.passage.path).toBe('/treatments#naet');
    expect(naet!.lines).toEqual([
      'Nambudripad’s Allergy Elimination Techniques for sensitivities and allergies.',
      'NAET (allergy-elimination therapy) combines muscle testing, acupressure along the spine and principles from kinesiology and nutrition.',
      'Practitioners use it to address sensitivities to foods and environmental substances one at a time.',
    ]);
  });

  test('when a question spans a treatment and a symptom, then both pages answer it', async () => {
    // "migraine" is a headache; chiropractic and the Pain & Inflammation category (tension headaches) fit.
    expect((await paths('Can chiropractic help migraines?')).sort()).toEqual([
      '/symptoms#pain',
      '/treatments#chiropractic',
    ]);
  });

  test('when asked about anxiety, then the pages about anxiety answer, never the constipation page alone', async () => {
    const hits = await library.search('How can I calm anxiety naturally?');
    expect(hits.map(({ passage }) => passage.path)).toContain('/symptoms#mental');
    expect(hits[0]!.lines.join(' ')).toMatch(/anxi/i);
  });

  test('when the question asks about something a page mentions in passing, then that line is quoted', async () => {
    const [insomnia] = await library.search('Does coffee keep me awake at night?');
    expect(insomnia!.passage.path).toBe('/conditions/insomnia');
    expect(insomnia!.lines).toContain('Tip: Avoid caffeine after 2 PM.');
  });

  test.each([
    'What is the capital of France?',
    'How do I treat a broken wrist?',
    'What are the early signs of diabetes?',
    'What vitamins should I take for my bones?',
    'How do I get rid of dandruff?',
  ])('when nothing in the library is about %j, then there are no sources', async (query) => {
    expect(await library.search(query)).toEqual([]);
  });

  test("when the Symptom Explorer wraps the symptoms in its request, then the symptoms decide, not the request's words", async () => {
    // The frontend's analysis request (frontend/src/features/symptoms/texts.ts).
    const analysis = (symptoms: string) =>
      `Please analyze the following symptoms from a holistic medicine perspective, and explain possible root causes and natural approaches that may help: ${symptoms}`;
    expect((await paths(analysis('acid reflux and heartburn at night')))[0]).toBe('/conditions/acid-reflux');
    // The rashes page and the Skin & Allergies category both speak of it; no treatment page comes first.
    expect((await paths(analysis('itchy rash on my arms'))).sort()).toEqual(['/conditions/rashes', '/symptoms#skin']);
    expect(await paths(analysis('hair loss'))).toEqual([]);
    expect(await paths(analysis('I have type 2 diabetes'))).toEqual([]);
    expect(meaningText(analysis('hair loss'))).toBe('hair loss');
  });

  test('when words differ only by ending, or are words visitors use for what a page says, then they meet', async () => {
    expect(terms('anxious anxiety nervous worried')).toEqual(['anxiety', 'anxiety', 'anxiety', 'anxiety']);
    expect(terms('migraines headache')).toEqual(['headache', 'headache']);
    expect(terms('sleeping insomnia sleepless')).toEqual(['sleep', 'sleep', 'sleep']);
    expect(terms('GERD heartburn reflux')).toEqual(['reflux', 'reflux', 'reflux']);
    // "nervous system" is the body's wiring, not anxiety.
    expect(terms('the nervous system')).toEqual(['nervoussystem']);
  });
});

describe.each(engines)('the offline answer (%s)', (_, model) => {
  let library: Library;
  beforeAll(async () => {
    library = new Library(undefined, model());
    await library.prepare();
  });
  const answer = async (query: string) => offlineAnswer('Dr. Helen', await library.search(query), cautionFor(query));

  test('when the offline engine answers, then it says where the answer comes from and keeps the disclaimer', async () => {
    const text = await answer('insomnia');
    expect(text).toContain("Dr. Helen's AI, answering from the portal's own library");
    expect(text).toContain('Insomnia');
    expect(text).toContain('Please consult your medical doctor for health concerns.');
  });

  test('when two pages fit, then the answer quotes both, each under its title and address', async () => {
    const text = await answer('Can chiropractic help migraines?');
    expect(text).toContain('From "Chiropractic (Treatments)" (/treatments#chiropractic):');
    expect(text).toContain('From "Pain & Inflammation (Symptom Explorer)" (/symptoms#pain):');
    expect(text).toContain('Tension headaches');
  });

  test('when no page fits, then the answer says so and offers a session, instead of quoting a wrong page', async () => {
    const text = await answer('How do I lower my cholesterol?');
    expect(text).toContain("Dr. Helen's AI, answering from the portal's own library");
    expect(text).toContain('The library has nothing on this question');
    expect(text).toContain('a one-hour AI session is $9');
    expect(text).toContain('/book');
    expect(text).not.toContain('From "');
    expect(text).toContain('Please consult your medical doctor for health concerns.');
  });

  test('when a visitor on blood thinners asks about Ayurveda, then the answer leads with the doctor or pharmacist and suggests no herb', async () => {
    const text = await answer('Is ayurveda safe with blood thinners?');
    expect(text).toMatch(
      /^Because your question involves a medicine \(blood thinners\), please ask your doctor or pharmacist/,
    );
    expect(text).toContain('herbs and supplements can interact with medicines');
    expect(text).not.toMatch(/ashwagandha|brahmi|licorice|turmeric|ginger|herbs, oil massage/i);
    expect(text).toContain("I've left out the herbs, supplements and remedies these pages mention");
    expect(text).toContain('Please consult your medical doctor for health concerns.');
  });

  test('when the herbs a page teaches fit the question but a medicine is named, then they are left out', async () => {
    expect(await answer('Which calming herbs help nervous overeating?')).toContain('ashwagandha');
    const text = await answer('Which calming herbs help nervous overeating? I take sertraline.');
    expect(text).toMatch(/^Because your question involves a medicine \(sertraline\)/);
    expect(text).not.toContain('ashwagandha');
    expect(text).toContain('/conditions/nervous-overeating');
  });

  test.each([
    [
      'Is triphala safe during pregnancy?',
      /^During pregnancy, while trying to conceive or while breastfeeding, please ask your doctor, midwife or pharmacist/,
      /triphala/i,
    ],
    [
      'What can I give my 4 year old for constipation?',
      /^For a child, please ask the child's doctor or a pharmacist first/,
      /triphala|sesame oil/i,
    ],
  ])('when asked %j, then the answer leads with asking first and passes on no remedy', async (query, lead, remedy) => {
    const text = await answer(query);
    expect(text).toMatch(lead);
    expect(text).not.toMatch(remedy);
    expect(text).toContain("answering from the portal's own library");
  });

  test('when symptoms have lasted weeks, then the answer leads with seeing a doctor, then what the library says', async () => {
    const text = await answer("I've had heartburn for three weeks");
    expect(text).toMatch(/^Symptoms that last for weeks or keep getting worse need a visit to your doctor/);
    expect(text).toContain('/conditions/acid-reflux');
  });

  test('when the library has nothing and a medicine is named, then both the caution and the offer come', async () => {
    const text = await answer('Can I take my statins with grapefruit?');
    expect(text).toMatch(/^Because your question involves a medicine \(statins\)/);
    expect(text).toContain('The library has nothing on this question');
  });
});

describe.each(engines)('the Symptom Explorer perspectives (%s)', (_, model) => {
  let library: Library;
  beforeAll(async () => {
    library = new Library(undefined, model());
    await library.prepare();
  });
  const symptoms = 'bloated after meals and tired all afternoon';
  test.each([
    ['the Ayurvedic perspective only (Ayurveda: the doshas, digestion and daily routine)', '/treatments#ayurveda'],
    ['the nutritional perspective only (food as medicine: plant-based nutrition)', '/treatments#nutrition'],
    [
      'the chiropractic perspective only (chiropractic care: the spine and the nervous system)',
      '/treatments#chiropractic',
    ],
  ])('when asked from %s, then that treatment answers first', async (perspective, path) => {
    const hits = await library.search(
      `From ${perspective}, what may help with these symptoms? My symptoms: ${symptoms}`,
    );
    expect(hits[0]!.passage.path).toBe(path);
    expect(perspectiveAsked(`From ${perspective}, what may help?`)).toBe(path.split('#')[1]);
    // The model compares the visitor's symptoms with the pages, not the request around them.
    expect(meaningText(`From ${perspective}, what may help? My symptoms: ${symptoms}`)).toBe(symptoms);
  });

  test('when the analysis names no perspective, then no treatment is put first', async () => {
    const analysis = `Please analyze the following symptoms from a holistic medicine perspective: ${symptoms}`;
    expect(perspectiveAsked(analysis)).toBeUndefined();
    expect((await library.search(analysis))[0]!.passage.path).not.toMatch(/^\/treatments#/);
  });
});

describe('the library with the sentence-embedding model', () => {
  // One library on the real model (its pages are embedded once: 2 s of CPU), which counts the texts it is asked
  // to embed one at a time (the questions) and the uses it times.
  const asked: string[] = [];
  const uses: string[] = [];
  const counting: EmbeddingSource = {
    embedder: {
      embed: (text: string) => {
        asked.push(text);
        return embedder.embed(text);
      },
      embedMany: (texts: readonly string[]) => embedder.embedMany(texts),
    } as unknown as Embedder,
    time: (use, work) => {
      uses.push(use);
      return work();
    },
  };
  let library: Library;
  beforeAll(async () => {
    library = new Library(undefined, counting);
    expect(await library.prepare()).toBe(true);
  });
  beforeEach(() => {
    asked.length = 0;
    uses.length = 0;
  });

  test.each([
    ['I can never nod off before 3am', '/conditions/insomnia'],
    ["what's that Indian system with the three body types", '/treatments#ayurveda'],
  ])(
    'when asked %j in other words than the page, then meaning finds %s where the words alone find nothing',
    async (query, path) => {
      expect(library.searchWords(query)).toEqual([]);
      expect((await library.search(query))[0]?.passage.path).toBe(path);
    },
  );

  test('when a question far from the words is asked, then the lines quoted are those nearest its meaning', async () => {
    const [insomnia] = await library.search('I can never nod off before 3am');
    expect(insomnia!.lines.join(' ')).toMatch(/mind races|internal clock|wakes people/);
  });

  test('when the question is asked, then it is embedded once, timed as "retrieval"', async () => {
    await library.search('I can never nod off before 3am');
    expect(asked).toEqual(['I can never nod off before 3am']);
    expect(uses).toEqual(['retrieval']);
  });

  test("when the caller has the question's vector already, then the library uses it and embeds nothing", async () => {
    const query = 'I can never nod off before 3am';
    const embedded = { text: query, vector: await embedder.embed(query) };
    const hits = await library.search(query, { embedded });
    expect(asked).toEqual([]);
    expect(hits[0]?.passage.path).toBe('/conditions/insomnia');
    expect(hits).toEqual(await library.search(query));
  });

  test("when the caller's vector is of another text than the library compares, then the library embeds its own", async () => {
    const query = 'Please analyze the following symptoms from a holistic medicine perspective: heartburn at night';
    await library.search(query, { embedded: { text: query, vector: await embedder.embed(query) } });
    expect(asked).toEqual(['heartburn at night']);
  });

  test('when a cache folder is given, then the pages are embedded once: the next library (a restart) reads them', async () => {
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'library-vectors-'));
    let batches = 0;
    const source: EmbeddingSource = {
      embedder: {
        embed: (text: string) => embedder.embed(text),
        embedMany: (texts: readonly string[]) => {
          batches++;
          return embedder.embedMany(texts);
        },
      } as unknown as Embedder,
    };
    const cache = { modelDir: embeddingModelDir(), cacheDir };
    const first = new Library(undefined, source, cache);
    expect(await first.prepare()).toBe(true);
    const restarted = new Library(undefined, source, cache);
    expect(await restarted.prepare()).toBe(true);
    expect(batches).toBe(1);
    const query = 'I can never nod off before 3am';
    expect(await restarted.search(query)).toEqual(await first.search(query));
    expect((await restarted.search(query))[0]?.passage.path).toBe('/conditions/insomnia');
  });

  test('when the model has not loaded, then the library answers by its words alone, as searchWords does', async () => {
    const loading: EmbeddingSource = { embedder: undefined };
    const library = new Library(undefined, loading);
    expect(await library.prepare()).toBe(false);
    for (const query of ['I can never nod off before 3am', 'Terrible heartburn after dinner', 'What is NAET?']) {
      expect(await library.search(query)).toEqual(library.searchWords(query));
    }
  });

  test('when the model fails, on the pages or on the question, then the library answers by its words alone', async () => {
    const broken = (pages: boolean): EmbeddingSource => ({
      embedder: {
        embed: () => Promise.reject(new Error('onnxruntime: run failed')),
        embedMany: (texts: readonly string[]) =>
          pages ? Promise.reject(new Error('onnxruntime: run failed')) : embedder.embedMany(texts),
      } as unknown as Embedder,
    });
    for (const pages of [true, false]) {
      const library = new Library(undefined, broken(pages));
      expect(await library.prepare()).toBe(!pages);
      expect(await library.search('Terrible heartburn after dinner')).toEqual(
        library.searchWords('Terrible heartburn after dinner'),
      );
      expect(await library.search('I can never nod off before 3am')).toEqual([]);
    }
  });

  test('when the model loads after the library was built, then the words answer until its pages are embedded, then both', async () => {
    const later: { embedder: Embedder | undefined } = { embedder: undefined };
    const library = new Library(undefined, later);
    expect(await library.search('I can never nod off before 3am')).toEqual([]);
    later.embedder = embedder;
    // The first search after the load starts embedding the pages and does not wait for it.
    expect(await library.search('I can never nod off before 3am')).toEqual([]);
    expect(await library.prepare()).toBe(true);
    expect((await library.search('I can never nod off before 3am'))[0]?.passage.path).toBe('/conditions/insomnia');
  });
});
