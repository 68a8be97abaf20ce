import { Library, terms, perspectiveAsked } from '../../src/answers/retrieval.js';
import { offlineAnswer } from '../../src/answers/persona.js';
import { cautionFor } from '../../src/answers/caution.js';

describe('the library the answers are grounded in', () => {
  const library = new Library();
  const paths = (query: string) => library.search(query).map(({ passage }) => passage.path);

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
  ])('when asked %j, then the best page is %s', (query, path) => {
    expect(paths(query)[0]).toBe(path);
  });

  test('when asked about a sleep problem, then the sources are about sleep, the insomnia page first', () => {
    expect(paths('I have trouble sleeping, what can help?')).toEqual(['/conditions/insomnia', '/symptoms#mental']);
    expect(paths('I am tired and sad every day')).toEqual(['/conditions/lethargy-depression']);
  });

  test('when asked what a treatment is, then the answer is its whole overview, not one line', () => {
    const [naet, ...others] = library.search('What is NAET?');
    expect(others).toEqual([]);
    expect(naet!.passage.path).toBe('/treatments#naet');
    expect(naet!.lines).toEqual([
      'Nambudripad’s Allergy Elimination Techniques for sensitivities and allergies.',
      'NAET (allergy-elimination therapy) combines muscle testing, acupressure along the spine and principles from kinesiology and nutrition.',
      'Practitioners use it to address sensitivities to foods and environmental substances one at a time.',
    ]);
  });

  test('when a question spans a treatment and a symptom, then both pages answer it', () => {
    // "migraine" is a headache; chiropractic and the Pain & Inflammation category (tension headaches) fit.
    expect(paths('Can chiropractic help migraines?').sort()).toEqual(['/symptoms#pain', '/treatments#chiropractic']);
  });

  test('when asked about anxiety, then the pages about anxiety answer, never the constipation page alone', () => {
    const hits = library.search('How can I calm anxiety naturally?');
    expect(hits.map(({ passage }) => passage.path)).toContain('/symptoms#mental');
    expect(hits[0]!.lines.join(' ')).toMatch(/anxi/i);
  });

  test('when the question asks about something a page mentions in passing, then that line is quoted', () => {
    const [insomnia] = library.search('Does coffee keep me awake at night?');
    expect(insomnia!.passage.path).toBe('/conditions/insomnia');
    expect(insomnia!.lines).toContain('Tip: Avoid caffeine after 2 PM.');
  });

  test.each([
    'What is the capital of France?',
    'How do I treat a broken wrist?',
    'What are the early signs of diabetes?',
    'What vitamins should I take for my bones?',
    'How do I get rid of dandruff?',
  ])('when nothing in the library is about %j, then there are no sources', (query) => {
    expect(library.search(query)).toEqual([]);
  });

  test("when the Symptom Explorer wraps the symptoms in its request, then the symptoms decide, not the request's words", () => {
    // The frontend's analysis request (frontend/src/features/symptoms/texts.ts).
    const analysis = (symptoms: string) =>
      `Please analyze the following symptoms from a holistic medicine perspective, and explain possible root causes and natural approaches that may help: ${symptoms}`;
    expect(paths(analysis('acid reflux and heartburn at night'))[0]).toBe('/conditions/acid-reflux');
    expect(paths(analysis('itchy rash on my arms'))[0]).toBe('/conditions/rashes');
    expect(paths(analysis('hair loss'))).toEqual([]);
    expect(paths(analysis('I have type 2 diabetes'))).toEqual([]);
  });

  test('when words differ only by ending, or are words visitors use for what a page says, then they meet', () => {
    expect(terms('anxious anxiety nervous worried')).toEqual(['anxiety', 'anxiety', 'anxiety', 'anxiety']);
    expect(terms('migraines headache')).toEqual(['headache', 'headache']);
    expect(terms('sleeping insomnia sleepless')).toEqual(['sleep', 'sleep', 'sleep']);
    expect(terms('GERD heartburn reflux')).toEqual(['reflux', 'reflux', 'reflux']);
    // "nervous system" is the body's wiring, not anxiety.
    expect(terms('the nervous system')).toEqual(['nervoussystem']);
  });
});

describe('the offline answer', () => {
  const library = new Library();
  const answer = (query: string) => offlineAnswer('Dr. Helen', library.search(query), cautionFor(query));

  test('when the offline engine answers, then it says where the answer comes from and keeps the disclaimer', () => {
    const text = answer('insomnia');
    expect(text).toContain("Dr. Helen's AI, answering from the portal's own library");
    expect(text).toContain('Insomnia');
    expect(text).toContain('Please consult your medical doctor for health concerns.');
  });

  test('when two pages fit, then the answer quotes both, each under its title and address', () => {
    const text = answer('Can chiropractic help migraines?');
    expect(text).toContain('From "Chiropractic (Treatments)" (/treatments#chiropractic):');
    expect(text).toContain('From "Pain & Inflammation (Symptom Explorer)" (/symptoms#pain):');
    expect(text).toContain('Tension headaches');
  });

  test('when no page fits, then the answer says so and offers a session, instead of quoting a wrong page', () => {
    const text = answer('How do I lower my cholesterol?');
    expect(text).toContain("Dr. Helen's AI, answering from the portal's own library");
    expect(text).toContain('The library has nothing on this question');
    expect(text).toContain('a one-hour AI session is $9');
    expect(text).toContain('/book');
    expect(text).not.toContain('From "');
    expect(text).toContain('Please consult your medical doctor for health concerns.');
  });

  test('when a visitor on blood thinners asks about Ayurveda, then the answer leads with the doctor or pharmacist and suggests no herb', () => {
    const text = answer('Is ayurveda safe with blood thinners?');
    expect(text).toMatch(
      /^Because your question involves a medicine \(blood thinners\), please ask your doctor or pharmacist/,
    );
    expect(text).toContain('herbs and supplements can interact with medicines');
    expect(text).not.toMatch(/ashwagandha|brahmi|licorice|turmeric|ginger|herbs, oil massage/i);
    expect(text).toContain("I've left out the herbs, supplements and remedies these pages mention");
    expect(text).toContain('Please consult your medical doctor for health concerns.');
  });

  test('when the herbs a page teaches fit the question but a medicine is named, then they are left out', () => {
    expect(answer('Which calming herbs help nervous overeating?')).toContain('ashwagandha');
    const text = answer('Which calming herbs help nervous overeating? I take sertraline.');
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
  ])('when asked %j, then the answer leads with asking first and passes on no remedy', (query, lead, remedy) => {
    const text = answer(query);
    expect(text).toMatch(lead);
    expect(text).not.toMatch(remedy);
    expect(text).toContain("answering from the portal's own library");
  });

  test('when symptoms have lasted weeks, then the answer leads with seeing a doctor, then what the library says', () => {
    const text = answer("I've had heartburn for three weeks");
    expect(text).toMatch(/^Symptoms that last for weeks or keep getting worse need a visit to your doctor/);
    expect(text).toContain('/conditions/acid-reflux');
  });

  test('when the library has nothing and a medicine is named, then both the caution and the offer come', () => {
    const text = answer('Can I take my statins with grapefruit?');
    expect(text).toMatch(/^Because your question involves a medicine \(statins\)/);
    expect(text).toContain('The library has nothing on this question');
  });
});

describe('the Symptom Explorer perspectives', () => {
  const library = new Library();
  const symptoms = 'bloated after meals and tired all afternoon';
  test.each([
    ['the Ayurvedic perspective only (Ayurveda: the doshas, digestion and daily routine)', '/treatments#ayurveda'],
    ['the nutritional perspective only (food as medicine: plant-based nutrition)', '/treatments#nutrition'],
    [
      'the chiropractic perspective only (chiropractic care: the spine and the nervous system)',
      '/treatments#chiropractic',
    ],
  ])('when asked from %s, then that treatment answers first', (perspective, path) => {
    const hits = library.search(`From ${perspective}, what may help with these symptoms? My symptoms: ${symptoms}`);
    expect(hits[0]!.passage.path).toBe(path);
    expect(perspectiveAsked(`From ${perspective}, what may help?`)).toBe(path.split('#')[1]);
  });

  test('when the analysis names no perspective, then no treatment is put first', () => {
    const analysis = `Please analyze the following symptoms from a holistic medicine perspective: ${symptoms}`;
    expect(perspectiveAsked(analysis)).toBeUndefined();
    expect(library.search(analysis)[0]!.passage.path).not.toMatch(/^\/treatments#/);
  });
});
