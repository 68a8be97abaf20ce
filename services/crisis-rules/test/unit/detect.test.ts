import { CRISIS_RULES, RULES_VERSION, crisisLanguage, detectCrisis, normalizeForCrisis } from '../../src/index.js';
import { ENGLISH_WORDS, SPANISH_WORDS } from '../../src/language.js';

const isCrisis = (text: string): boolean => detectCrisis(text).isCrisis;

describe('detectCrisis', () => {
  it.each(['harmony', 'pharmacy', 'harmless', 'a lucky charm', 'is turmeric harmful?', 'his words were hurtful'])(
    "when the text says '%s', then it is not a crisis",
    (text) => expect(isCrisis(text)).toBe(false),
  );

  it.each(['self-harm', 'self harm', 'selfharm', 'I want to harm myself', 'I cut myself again'])(
    "when the text says '%s', then it is a crisis",
    (text) => expect(isCrisis(text)).toBe(true),
  );

  it('when a crisis is found, then the rule that matched is named', () => {
    expect(detectCrisis('I want to die')).toEqual({ isCrisis: true, ruleId: 'want-to-die', language: 'en' });
    expect(detectCrisis('my knee hurts')).toEqual({ isCrisis: false });
  });

  it.each([
    'this heartburn is killing me',
    'my back is killing me',
    "I'm dying to try ayurveda",
    'I could kill for a coffee',
    "I'm dead tired",
    'is a killer whale a mammal',
    'I overdosed on sugar at the party',
  ])("when the text is hyperbole like '%s', then it is not a crisis", (text) => expect(isCrisis(text)).toBe(false));

  it.each([
    'can you overdose on vitamin D?',
    'what happens if a child overdoses on iron',
    'I accidentally cut myself shaving',
    'I burned myself on the stove',
  ])("when the text is a safety or first-aid question like '%s', then it is not a crisis", (text) =>
    expect(isCrisis(text)).toBe(false),
  );

  it.each(['I want to overdose', 'thinking about taking an overdose', 'I took an overdose', 'take all my pills'])(
    "when overdose is an intent or act ('%s'), then it is a crisis",
    (text) => expect(isCrisis(text)).toBe(true),
  );

  it('when the writer explicitly denies being suicidal, then that denial alone is not a crisis', () => {
    expect(isCrisis("I'm not suicidal, I just can't sleep")).toBe(false);
    expect(isCrisis("my dad has never talked about suicide, would St John's wort help?")).toBe(false);
  });

  it('when a denial is hedged or followed by another warning sign, then it is still a crisis', () => {
    expect(isCrisis("I'm not suicidal but I want to die")).toBe(true);
    expect(isCrisis("I'm not sure if I'm suicidal")).toBe(true);
    expect(isCrisis('I never thought about suicide until now')).toBe(true);
    expect(isCrisis("I don't really want to die, I just want the pain to stop")).toBe(true);
  });

  it('when someone else is at risk, then it is a crisis', () => {
    expect(isCrisis('my friend says she wants to die')).toBe(true);
    expect(isCrisis('my son is cutting himself')).toBe(true);
  });

  it.each([
    'i want to diiiie',
    'kiiill myselfff',
    'I CAN’T GO ON',
    'su1cide',
    'i might 0verdose tonight',
    'ｋｉｌｌ ｍｙｓｅｌｆ',
    'kіll myself',
    'ki\u200bll myself',
    's u i c i d e',
    'i wnat to die',
    'suicidle',
  ])("when the crisis wording is disguised as '%s', then it is still found", (text) =>
    expect(isCrisis(text)).toBe(true),
  );

  it.each([
    ['NUL', '\u0000'],
    ['BEL', '\u0007'],
    ['DEL', '\u007F'],
    ['a C1 control', '\u009B'],
    ['zero-width space', '\u200B'],
    ['soft hyphen', '\u00AD'],
    ['zero-width joiner', '\u200D'],
    ['zero-width non-joiner', '\u200C'],
    ['word joiner', '\u2060'],
    ['BOM', '\uFEFF'],
    ['left-to-right mark', '\u200E'],
    ['right-to-left override', '\u202E'],
    ['left-to-right isolate', '\u2066'],
    ['Arabic letter mark', '\u061C'],
    ['variation selector 16', '\uFE0F'],
    ['variation selector 17', '\u{E0100}'],
    ['tag letter A', '\u{E0041}'],
    ['combining grapheme joiner', '\u034F'],
    ['Hangul filler', '\u3164'],
    ['halfwidth Hangul filler', '\uFFA0'],
    ['Mongolian vowel separator', '\u180E'],
  ])("when a word is split by %s ('I want to d…ie'), then it is still a crisis", (_, invisible) => {
    expect(detectCrisis(`I want to d${invisible}ie`)).toEqual({
      isCrisis: true,
      ruleId: 'want-to-die',
      language: 'en',
    });
    expect(isCrisis(`ki${invisible}ll my${invisible}self`)).toBe(true);
  });

  it('when an ordinary message carries invisible characters, then it is still not a crisis', () => {
    expect(isCrisis('my back is kil\u00ADling me')).toBe(false);
    expect(isCrisis('\uFEFFhar\u0000mony and phar\u200Bmacy')).toBe(false);
  });

  it('when the text is empty, blank or not a string, then it is not a crisis and nothing throws', () => {
    expect(detectCrisis('')).toEqual({ isCrisis: false });
    expect(detectCrisis('   \n\t ')).toEqual({ isCrisis: false });
    expect(detectCrisis('\u200B\u0000\u00AD\uFEFF')).toEqual({ isCrisis: false });
    expect(detectCrisis(undefined as unknown as string)).toEqual({ isCrisis: false });
    expect(detectCrisis(42 as unknown as string)).toEqual({ isCrisis: false });
  });

  it('when the text is huge, then only the first 10,000 characters are read, quickly', () => {
    const filler = 'how do I improve my digestion naturally? '.repeat(50_000);
    const started = performance.now();
    expect(detectCrisis(filler + 'I want to die')).toEqual({ isCrisis: false });
    expect(detectCrisis('I want to die. ' + filler).isCrisis).toBe(true);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('normalizeForCrisis', () => {
  it.each([
    ['I CAN’T go on… 😭', 'i cant go on'],
    ['kiiill myselfff', 'kil myself'],
    ['sooo done', 'so done'],
    ['su1cide and 0verdose', 'suicide and overdose'],
    ['k!ll $uicide w@nt', 'kil suicide want'],
    ['ｋｉｌｌ 𝐦𝐲𝐬𝐞𝐥𝐟', 'kil myself'],
    ['suïcide, dìe', 'suicide die'],
    ['k.i.l.l  my-self', 'kil my self'],
    ['want2die', 'want to die'],
    ['I want to d\u0000ie', 'i want to die'],
    ['su\u00ADi\u200Dci\u2060de\uFEFF \u202Edie\u202C', 'suicide die'],
    ['line\none\ttab\r\nend\u0085next', 'line one tab end next'],
  ])("when '%s' is normalised, then it reads '%s'", (input, expected) => {
    expect(normalizeForCrisis(input)).toBe(expected);
  });

  it('when numbers are real quantities, then they are left alone', () => {
    expect(normalizeForCrisis('500mg of B12 at 3am, lifewave X39')).toBe('500mg of b12 at 3am lifewave x39');
  });
});

describe('CRISIS_RULES', () => {
  it('when the rules are listed, then each has a unique id, a description and a pattern', () => {
    const ids = CRISIS_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of CRISIS_RULES) {
      expect(r.description.length).toBeGreaterThan(10);
      expect(r.pattern).toBeInstanceOf(RegExp);
    }
    expect(RULES_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('when a pattern is written in ordinary spelling, then it matches the collapsed text', () => {
    const killSelf = CRISIS_RULES.find((r) => r.id === 'kill-self')!;
    expect(killSelf.pattern.test(normalizeForCrisis('kill myself'))).toBe(true);
    expect(killSelf.pattern.test('kil myself')).toBe(true);
  });
});

describe('rules 1.1.0: the kinds a held-out check missed', () => {
  it.each([
    "I've been cutting again",
    'I cut myself last night',
    'been hurting myself',
    "I'm going to end it tonight",
    'thinking about ending it',
    'I took all my pills',
    'swallowed a whole bottle of sleeping pills',
    'my husband hits me',
    'my partner threatened to kill me',
    'kms',
    'everyone at school tells me to kys',
  ])("when the text says '%s', then it is a crisis", (text) => expect(isCrisis(text)).toBe(true));

  it.each([
    'ending my subscription',
    'I cut my finger cooking',
    'my back is killing me',
    'how not to overdo it at the gym',
    'my husband beats me at chess every night',
    'I walk 5 kms every day',
    'me muero de hambre después del gimnasio',
    'me corté el dedo cocinando',
    '¿qué té es bueno para dormir?',
  ])("when the text says '%s', then it is not a crisis", (text) => expect(isCrisis(text)).toBe(false));
});

describe('the language of a crisis', () => {
  it.each([
    ['quiero morir', 'es-suicidal'],
    ['ya no quiero vivir', 'es-suicidal'],
    ['me corto los brazos', 'es-self-harm'],
    ['tomé todas mis pastillas', 'es-self-harm'],
    ['mi esposo me pega', 'domestic-violence'],
    ['pienso en suicidarme todos los días', 'suicide-mention'],
  ])("when a Spanish message ('%s') is a crisis, then its language is 'es'", (text, ruleId) => {
    expect(detectCrisis(text)).toEqual({ isCrisis: true, ruleId, language: 'es' });
  });

  it("when an English message is a crisis, then its language is 'en'", () => {
    expect(detectCrisis('my friend says she wants to die').language).toBe('en');
    expect(detectCrisis('kms').language).toBe('en');
  });

  it('when the language is asked of any text, then the words decide and English is the default', () => {
    expect(crisisLanguage('no tengo razones para vivir')).toBe('es');
    expect(crisisLanguage('¿Me ayudas?')).toBe('es');
    expect(crisisLanguage('I want to die, no one would care')).toBe('en');
    expect(crisisLanguage('')).toBe('en');
    expect(crisisLanguage(undefined as unknown as string)).toBe('en');
  });

  it('when the two word lists are compared after collapsing, then they share no word', () => {
    expect([...SPANISH_WORDS].filter((word) => ENGLISH_WORDS.has(word))).toEqual([]);
  });
});

describe('explicit denials in Spanish', () => {
  it('when the writer denies being suicidal in Spanish, then the denial alone is not a crisis', () => {
    expect(isCrisis('no tengo pensamientos suicidas, solo ansiedad')).toBe(false);
    expect(isCrisis('no soy suicida pero quiero morir')).toBe(true);
  });
});

describe('rules 1.2.0: Spanish warning signs without the words for death', () => {
  it.each([
    ['gracias por todo, de verdad. perdón por todo lo que les hice pasar', 'es-goodbye'],
    ['ya repartí todas mis cosas entre mis sobrinos', 'es-goodbye'],
    ['para navidad ya no voy a estar, no me compren nada', 'es-goodbye'],
    ['pronto ya no voy a ser una carga para nadie', 'es-goodbye'],
    ['ya elegí el lugar y la fecha, solo falta esperar', 'es-goodbye'],
    ['junto las pastillas del psiquiatra en vez de tomarlas', 'es-means'],
    ['mi hermano guarda una pistola en el ropero y no puedo dejar de pensar en ella', 'es-means'],
    ['cada mañana me quedo parada en el puente mirando para abajo', 'es-means'],
    ['solo quiero que todo se acabe de una vez', 'es-ending-it'],
    ['quiero ponerle fin a todo esto', 'es-ending-it'],
    ['sin mí mis hijos vivirían más tranquilos', 'es-ending-it'],
    ['llevo días cortándome los brazos por la noche', 'es-self-harm'],
    ['uso manga larga con 30 grados para que no vean mis brazos', 'es-self-harm'],
    ['mi novio me agarró del cuello anoche', 'domestic-violence'],
    ['si lo dejo dice que me va a quitar a los niños', 'domestic-violence'],
    ['tengo miedo de volver a casa hoy', 'domestic-violence'],
  ])("when the text says '%s', then it is a Spanish crisis (%s)", (text, ruleId) =>
    expect(detectCrisis(text)).toEqual({ isCrisis: true, ruleId, language: 'es' }),
  );

  it.each([
    'me quiero morir de la vergüenza, me caí en plena calle',
    'este dolor de muelas me va a matar, ¿qué tomo?',
    'quiero desaparecer del grupo de whatsapp del trabajo',
    'gracias por todo doctor, lo voy a extrañar ahora que se jubila',
    'le regalé mi ropa de embarazada a mi prima, ya no la necesito',
    'tengo 75 años y quiero hacer mi testamento',
    'no voy a estar en la reunión del lunes, estoy de viaje',
    'quiero dormir y no despertar hasta el domingo jaja',
    'quiero acabar con el acné para siempre',
    'conté las pastillas del pastillero de mi abuelo y faltan dos',
    'compré una cuerda nueva para tender la ropa',
    'me corté con las tijeras de podar en el jardín',
    'hace 5 años que no me autolesiono, hoy estoy bien y quiero ayudar a otros',
    'se puede tomar hierro y calcio juntos o se cortan?',
  ])("when the text says '%s', then it is not a crisis", (text) => expect(isCrisis(text)).toBe(false));

  it('when the rules are read, then their version is 1.2.0', () => expect(RULES_VERSION).toBe('1.2.0'));
});
