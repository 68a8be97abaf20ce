// What the library reads from a question besides its words: the treatment it asks to be answered from, and
// the text whose meaning is compared with the pages.

/** The treatment a question asks to be answered from ("from the nutritional perspective"), if any. */
const PERSPECTIVES: [RegExp, string][] = [
  [/\bayurved(?:a|ic)\b/, 'ayurveda'],
  [/\bchiropractic\b/, 'chiropractic'],
  [/\bnutrition(?:al)?\b|\bfood as medicine\b/, 'nutrition'],
  [/\bnaet\b/, 'naet'],
  [/\blifevessel\b/, 'lifevessel'],
  [/\blifewave\b/, 'lifewave'],
];
export function perspectiveAsked(query: string): string | undefined {
  const match = /\bfrom (?:an? |the )?([a-z ]{3,30}?) (?:perspective|point of view|view)\b/i.exec(query);
  if (!match) return undefined;
  const named = match[1]!.toLowerCase();
  return PERSPECTIVES.find(([pattern]) => pattern.test(named))?.[1];
}

/** The Symptom Explorer's requests (frontend/src/features/symptoms/texts.ts): the symptoms after the request. */
const REQUESTS = [
  /^please analy[sz]e the following symptoms\b[^:]*:\s*(\S[\s\S]*)$/i,
  /^from the [a-z ]{3,30}? perspective only\b[\s\S]*?\bmy symptoms:\s*(\S[\s\S]*)$/i,
];

/**
 * The text whose meaning the library compares with its pages: the question, or the visitor's own symptoms when
 * the Symptom Explorer wraps them in its request (whose words would otherwise match every treatment's page).
 */
export function meaningText(query: string): string {
  const trimmed = query.trim();
  for (const request of REQUESTS) {
    const symptoms = request.exec(trimmed)?.[1];
    if (symptoms) return symptoms;
  }
  return query;
}
