import { readFileSync } from 'node:fs';
import { CRISIS_RULES, detectCrisis, normalizeForCrisis } from '../../src/index.js';

// Invisible characters are written as \u{…} escapes in the corpus files, so that a reader can see them.
const decodeEscapes = (line: string): string =>
  line.replace(/\\u\{([0-9A-Fa-f]{1,6})\}/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));

// Every 5th message was kept aside while the first rules were written; the figures are printed per split.
function readCorpus(name: string): { message: string; heldOut: boolean }[] {
  const text = readFileSync(new URL(`../../corpus/${name}`, import.meta.url), 'utf8');
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line, index) => ({ message: decodeEscapes(line), heldOut: index % 5 === 4 }));
}

// Characters that show nothing, one of each kind: controls, zero-width space, soft hyphen, joiners, word
// joiner, BOM, bidi controls, variation selectors, a tag character, a Hangul filler.
const INVISIBLE = [
  '\u0000',
  '\u0007',
  '\u007F',
  '\u009B',
  '\u200B',
  '\u00AD',
  '\u200D',
  '\u200C',
  '\u2060',
  '\uFEFF',
  '\u200E',
  '\u202E',
  '\u2066',
  '\uFE0F',
  '\u{E0100}',
  '\u{E0041}',
  '\u034F',
  '\u3164',
];

/** The message with an invisible character in the middle of every word ("die" -> "d\u0000ie"), in turn. */
function disguise(message: string, offset: number): string {
  let n = offset;
  return message.replace(/\p{L}{2,}/gu, (word) => {
    const middle = Math.floor(word.length / 2);
    return word.slice(0, middle) + INVISIBLE[n++ % INVISIBLE.length]! + word.slice(middle);
  });
}

const crisis = readCorpus('crisis.txt');
const ordinary = readCorpus('ordinary.txt');
const missed = crisis.filter(({ message }) => !detectCrisis(message).isCrisis);
const flagged = ordinary.filter(({ message }) => detectCrisis(message).isCrisis);

const percent = (part: number, whole: number): string => `${((100 * part) / whole).toFixed(1)}%`;
const recall = (part: typeof crisis): string => {
  const found = part.filter((m) => !missed.includes(m)).length;
  return `${percent(found, part.length)} (${found}/${part.length})`;
};
const falsePositives = (part: typeof ordinary): string => {
  const wrong = part.filter((m) => flagged.includes(m)).length;
  return `${percent(wrong, part.length)} (${wrong}/${part.length})`;
};

describe('the labelled corpus', () => {
  beforeAll(() => {
    console.log(
      [
        `crisis-rules corpus: recall ${recall(crisis)}, false-positive rate ${falsePositives(ordinary)}`,
        `  held-out fifth: recall ${recall(crisis.filter((m) => m.heldOut))}, ` +
          `false-positive rate ${falsePositives(ordinary.filter((m) => m.heldOut))}`,
        ...flagged.map(({ message }) => `  flagged ordinary message (${detectCrisis(message).ruleId}): ${message}`),
      ].join('\n'),
    );
  });

  it('when a message in crisis.txt is checked, then every one is a crisis', () => {
    const list = missed.map(({ message }) => `  - ${message}`).join('\n');
    expect(missed.length === 0 ? 'none missed' : `missed ${missed.length}/${crisis.length}:\n${list}`).toBe(
      'none missed',
    );
  });

  it('when a message in ordinary.txt is checked, then at most 3% are flagged', () => {
    const list = flagged.map(({ message }) => `  - [${detectCrisis(message).ruleId}] ${message}`).join('\n');
    const rate = flagged.length / ordinary.length;
    expect(rate <= 0.03 ? 'within 3%' : `flagged ${falsePositives(ordinary)}:\n${list}`).toBe('within 3%');
  });

  it.each(INVISIBLE.map((_, offset) => offset))(
    'when an invisible character splits every word (starting with kind %i), then every message is classified as without it',
    (offset) => {
      const changed = [...crisis, ...ordinary]
        .filter(({ message }) => detectCrisis(disguise(message, offset)).isCrisis !== detectCrisis(message).isCrisis)
        .map(({ message }) => `  - ${JSON.stringify(disguise(message, offset))}`);
      expect(changed.length === 0 ? 'none changed' : `changed ${changed.length}:\n${changed.join('\n')}`).toBe(
        'none changed',
      );
    },
  );

  it('when a rule runs in parts, then every message gets the verdict of the rule as one expression', () => {
    const differ = [...crisis, ...ordinary].flatMap(({ message }) => {
      const text = normalizeForCrisis(message);
      return CRISIS_RULES.filter((r) => r.pattern.test(text) !== r.parts.some((p) => p.test(text))).map(
        (r) => `  - [${r.id}] ${message}`,
      );
    });
    expect(differ.length === 0 ? 'none differ' : differ.join('\n')).toBe('none differ');
  });

  it('when a Spanish rule has a gate, then no message that the rule matches is kept out by the gate', () => {
    const hidden = [...crisis, ...ordinary].flatMap(({ message }) => {
      const text = normalizeForCrisis(message);
      return CRISIS_RULES.filter((r) => r.gate && r.pattern.test(text) && !r.gate.test(text)).map(
        (r) => `  - [${r.id}] ${message}`,
      );
    });
    expect(CRISIS_RULES.filter((r) => r.gate).map((r) => r.id)).toEqual(['es-goodbye', 'es-means', 'es-ending-it']);
    expect(hidden.length === 0 ? 'none hidden' : hidden.join('\n')).toBe('none hidden');
  });

  it('when the corpus is read, then it holds at least 160 messages of each kind', () => {
    expect(crisis.length).toBeGreaterThanOrEqual(160);
    expect(ordinary.length).toBeGreaterThanOrEqual(160);
  });
});
