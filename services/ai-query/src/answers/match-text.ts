/**
 * A question as the answers' word patterns read it: lower case, accents and apostrophes gone ("can't" is
 * "cant"), anything else that is not a letter or digit a single space.
 */
export function matchText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/['’‘`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
