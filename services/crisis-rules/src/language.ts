import { collapseLetterRuns, normalizeForCrisis } from './normalize.js';

/** The languages the crisis answer is written in. */
export type CrisisLanguage = 'en' | 'es';

// Words that mark a message as Spanish or as English, written without accents and collapsed as the text is
// ("ella" -> "ela"). Words that both languages use ("no", "me", "a", "son") are left out, and so are words
// that read as one after collapsing ("all" and "al"): the unit test checks that the two lists share none.
const words = (list: string): ReadonlySet<string> => new Set(list.split(' ').map(collapseLetterRuns));
export const SPANISH_WORDS = words(
  'que de la el los las y en un una mi mis se es esta estoy estas estan soy eres ya pero por para con ' +
    'mas muy todo toda todos todas nada vida morir muerte muerto muerta yo tu su sus porque cuando como hoy ' +
    'manana noche dia dias ayuda ayudame mejor sin puedo quiero quiere queria tengo tiene tenia otra otro ' +
    'vez del lo le les nadie nunca siempre aqui asi ahora solo tambien hijo hija esposo esposa marido ' +
    'pareja novio novia mama papa familia dolor pastillas hacer estar ser creo pienso siento ganas miedo triste ' +
    'quien donde porfa favor gracias hola ella ellos nosotros ustedes algo alguien cosa cosas mucho mucha poco ' +
    'salud duele dormir cabeza espalda estomago hierbas sueno matarme suicidarme cortarme dano aguanto',
);
export const ENGLISH_WORDS = words(
  'the i im ive id il to and my is it of in you that want dont cant have has this what with for so just can ' +
    'be was are do not anymore myself how she will going gonna wanna would should could they them their ' +
    'there about been if or but at on life die kill feel like know think really help please tonight today ' +
    'why who when where your yourself him her his an any one nobody everyone anyone again last night need ' +
    'sleep keep better cutting pills hurt end took',
);
// Letters and marks only Spanish uses among the two: ñ, ¿, ¡ and the acute accents on vowels.
const SPANISH_SIGNS = /[ñ¿¡áéíóú]/giu;

/**
 * The language a message is written in, as far as its words tell: 'es' when Spanish words outnumber
 * English ones, else 'en' (the default, also for a message too short to tell, such as "kms").
 * Pure, synchronous, reads at most 10,000 characters.
 */
export function crisisLanguage(text: string): CrisisLanguage {
  if (typeof text !== 'string' || text.length === 0) return 'en';
  return languageOfNormalised(normalizeForCrisis(text), text);
}

/** crisisLanguage for a text that normalizeForCrisis has already read (detectCrisis reads it once). */
export function languageOfNormalised(normalised: string, text: string): CrisisLanguage {
  let spanish = 0;
  let english = 0;
  for (const word of normalised.split(' ')) {
    if (SPANISH_WORDS.has(word)) spanish++;
    else if (ENGLISH_WORDS.has(word)) english++;
  }
  spanish += Math.min(2, text.slice(0, 10_000).match(SPANISH_SIGNS)?.length ?? 0);
  return spanish > english ? 'es' : 'en';
}
