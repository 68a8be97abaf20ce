// Medical emergencies: a question that describes one happening now (chest pain, trouble breathing, signs of
// a stroke, a severe allergic reaction, heavy bleeding, a seizure, someone who will not wake) is answered
// first with where to get emergency care, whatever else the answer says, whether the model is connected or
// not, and even when the guest's free questions are used up. Crises of the mind (self-harm, suicide) are the
// crisis service's: they get the crisis answer instead.
//
// The patterns run over lower-case words without apostrophes ("I can't breathe" → "i cant breathe"). They
// lean towards answering with the emergency line: a question about chest pain from reflux gets it too,
// which costs a sentence; missing a heart attack costs much more.
import { matchText } from './match-text.js';

const EMERGENCY_PATTERNS: readonly RegExp[] = [
  // Heart.
  /\bchest (?:pain|pains|pressure|tightness|is (?:tight|hurting|crushing)|feels (?:tight|heavy|crushed)|hurts)\b/,
  /\b(?:pain|pressure|tightness|crushing|squeezing) in (?:my|his|her|their|the) chest\b/,
  /\b(?:having|havin|had|is having|might be having) (?:a )?(?:heart attack|stroke|seizure|anaphylactic|severe allergic reaction)\b/,
  // Breathing.
  /\b(?:cant|cannot|can not|couldnt|unable to|struggling to|hard to|trouble|difficulty|difficult to) (?:breathe|breath|breathing|catch (?:my|his|her) breath)\b/,
  /\b(?:not|stopped|isnt|wasnt) breathing\b/,
  /\bgasping for (?:air|breath)\b|\bchoking\b(?! up\b)/,
  /\b(?:lips|face|fingers) (?:(?:are|is) )?(?:turning |turned |going )?(?:blue|grey|gray)\b/,
  // Stroke.
  /\b(?:face|mouth|smile|eye) (?:is |has )?(?:drooping|droops|droopy|drooped)\b/,
  /\bdrooping (?:face|mouth|smile|eye)\b/,
  /\bslurr(?:ed|ing) (?:speech|words|my words|his words|her words)\b|\bspeech is slurred\b/,
  /\b(?:numb|numbness|weak|weakness|paralys\w*|cant move|cannot move)\b[\w ]{0,40}\bone side\b/,
  /\bsudden(?:ly)? (?:(?:very |really |severe |terrible )?(?:numb|numbness|weakness|weak|paralysed|paralyzed|confused|confusion|blind|cant see|cant speak|cant talk|cant move))\b/,
  /\b(?:worst|thunderclap) headache\b/,
  // Allergic reaction.
  /\banaphyla\w*/,
  /\b(?:throat|tongue|lips?|airway) (?:is |are |feels |feel )?(?:swelling|swollen|swelled|closing|closing up|tight)\b/,
  // Bleeding.
  /\b(?:bleeding|blood) (?:wont|will not|doesnt|does not|isnt|is not|cant|cannot) stop/,
  /\b(?:wont|will not|cant|cannot) stop (?:the )?bleeding\b/,
  /\b(?:bleeding (?:heavily|badly|a lot|everywhere)|heavy bleeding|losing (?:a lot of )?blood|lots of blood)\b/,
  /\b(?:coughing|vomiting|throwing|spitting) up blood\b|\bvomiting blood\b/,
  // Seizures, consciousness.
  /\b(?:seizing|convulsing|convulsions?)\b/,
  /\b(?:unconscious|unresponsive|passed out and (?:wont|will not|cant|cannot|isnt|is not))\b/,
  /\b(?:wont|will not|doesnt|does not|cant|cannot) wake (?:him|her|them|my \w+)(?: up)?\b/,
  // Poisoning.
  /\b(?:swallowed|drank|drunk|ate|ingested) (?:some |a |the |a bottle of |a lot of )?(?:bleach|poison|antifreeze|detergent|laundry pods?|button batter(?:y|ies)|batter(?:y|ies)|drain cleaner|rat poison|weed killer|pesticide)\b/,
];

/** true when the question describes a medical emergency (see the file's comment). */
export function isMedicalEmergency(question: string): boolean {
  const text = matchText(question);
  return EMERGENCY_PATTERNS.some((pattern) => pattern.test(text));
}
