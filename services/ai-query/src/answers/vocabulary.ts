// The library's words: what carries no subject (stop words, weak words), phrases kept as one thing, and the
// words visitors use for what the pages say, folded to one concept after a light stemming.
// Words that carry no subject: asked of every page alike.
const STOP_WORDS = new Set(
  `a about above after again against all almost also always am an and any anyone anything are around as at be
  because been before being below between both but by can cant could did do does doing dont down during each even
  ever every for from further get gets getting got had has have having he her here hers him his how however i if
  im in into is isnt it its ive just lately let like ll me might more most much must my myself no nor not now of
  off often on once only or other our out over own per please quite rather re really recently s same she should
  so some something sometimes still such t than that thats the their them then there these they thing things this
  those though through to too under until up us very was way ways we well were what whats when where whether which
  while who whom why will with would yet you your yours yourself ve d m o y day days time times keep keeps kept
  going go goes went come comes came make makes made say says said tell know think want wants need needs seem
  seems look looks lot lots kind sort stuff anymore anyway yes ok okay hi hello thanks thank dr helen find
  found year years yr old month months week weeks one two three four five six seven eight nine ten
  analyze analyse analysis following follow perspective perspectives possible possibly root roots behind lie
  only may care caring`.split(/\s+/),
);

// Words that say what kind of answer is wanted, not what it is about: they rank pages a little, but a page
// that shares only these with the question does not answer it.
export const WEAK = new Set(
  `natural naturally help helps helped helping treat treating treated treatment treatments remedy remedies cure
  cures best good better great way tip tips advice suggest suggestion recommend work works working safe try use
  using used holistic approach approaches home fix manage improve reduce relieve ease deal support cause causes
  caused reason mean means meaning explain feel feeling felt eat eating ate avoid drink drinking body health
  healthy problem problems issue issues symptom symptoms doctor question questions ask asking take taking
  page pages know learn information info new start started stop stopping change changes daily regular sign signs
  medicine medicines trouble difficulty struggle struggling hard early heal heals healing affect affects matter matters connect connected link linked related normal common`
    .split(/\s+/)
    .flatMap((word) => [word, stem(word)]),
);

/** Phrases folded before the words are split, so that they stay one thing. */
const PHRASES: [RegExp, string][] = [
  [/\bnervous system\b/g, 'nervoussystem'],
  [/\bblood sugar\b/g, 'bloodsugar'],
  [/\bfood as medicine\b/g, 'nutrition'],
  [/\bgut brain\b/g, 'gut brain gutbrain'],
  [/\bbrain fog\b|\bfoggy\b/g, 'fog'],
  [/\blife ?vessel\b/g, 'lifevessel'],
  [/\blife ?wave\b/g, 'lifewave'],
  [/\ballergy elimination\b/g, 'naet'],
  [/\bplant based\b|\bvegan\b|\bvegetarian\b/g, 'plant'],
  [/\bin person\b/g, 'inperson'],
  [
    /\bemotional (?:eating|eater|hunger)\b|\bstress eating\b|\beat(?:ing|s)? (?:when|because|if) (?:(?:im|i am|i get|i feel|i|we|you) )?(?:stressed|anxious|nervous|sad|bored|upset|lonely)\b/g,
    'overeating',
  ],
  [/\bnervous overeating\b/g, 'overeating'],
  [/\bshort tempered\b|\bshort fuse\b|\bsnap at\b|\blose my temper\b/g, 'irritability'],
  [/\blow mood\b|\bfeel(?:ing)? down\b|\bfeel(?:ing)? low\b/g, 'depression mood'],
  [/\bbody type\b|\bconstitution\b/g, 'dosha'],
  [/\bmood swings?\b/g, 'moodswing'],
  [/\bmuscle testing\b/g, 'muscletest'],
  [/\bweight gain\b|\bgain(?:ed|ing)? weight\b|\bput on weight\b|\bbelly fat\b/g, 'weight'],
  [/\bfall(?:ing)? asleep\b|\bstay(?:ing)? asleep\b|\bkeeps? me up\b|\bback to sleep\b/g, 'sleep'],
  [/\bbreak(?:s|ing)? out\b|\bbreakouts?\b/g, 'rash'],
  [
    /\b(?:lower|upper|mid|sore|bad|my|his|her) back\b|\bback(?= (?:pain|ache|tension|neck|problems?|spasms?)\b)/g,
    'spine',
  ],
  [/\bsitting at a desk\b|\bdesk job\b|\bat a desk\b|\bhunch(?:ed|ing)?\b|\bslouch(?:ed|ing)?\b/g, 'posture'],
  [/\bcrack(?:ed|ing)? (?:my )?(?:back|neck)\b|\bspinal manipulation\b/g, 'adjustment'],
  [/\bfree questions?\b/g, 'freequestion'],
  [/\bunlimited questions?\b/g, 'unlimited'],
];

/** Words visitors use for what the pages say, folded to one concept (after the light stemming below). */
const CONCEPTS: Record<string, string> = {};
for (const [concept, words] of Object.entries({
  anxiety:
    'anxiety anxieti anxious anxiou nervous nervou nervousness worry worri worried worrying panic panicky jittery uneasy restless restlessness butterflies butterfly',
  stress: 'stress stressed stressful overwhelmed pressure',
  sleep: 'sleep sleeping sleepless sleeplessness asleep insomnia insomniac insomnium awake',
  headache: 'headache headach migraine migrain',
  constipation: 'constipation constipated constipat bowel bowels poop pooping bathroom stool stools',
  reflux: 'reflux heartburn gerd indigestion acid acidity',
  rash: 'rash rashes hive hives eczema itch itchy itching itchiness dermatitis',
  skin: 'skin acne complexion',
  irritability:
    'irritability irritabilit irritable irritated irritat angry anger cranky grumpy hangry impatient impatience temper',
  overeating: 'overeating overeat binge binging bingeing snacking snack snacks grazing',
  weight: 'weight overweight pounds kilos heavier obese',
  lethargy: 'lethargy lethargic tired tiredness fatigue fatigued exhausted exhaustion sluggish drained weary unrested',
  depression: 'depression depressed sad sadness unmotivated motivation gloomy',
  naet: 'naet nambudripad',
  allergy: 'allergy allergi allergies allergic sensitivity sensitiviti sensitivities sensitive intolerance intolerant',
  chiropractic: 'chiropractic chiropractor chiropractors chiro',
  adjustment: 'adjustment adjustments adjust adjusted',
  spine: 'spine spinal vertebra vertebrae',
  joint: 'joint joints knee knees hip hips',
  pain: 'pain pains ache aches aching achy sore hurt hurts hurting',
  stiff: 'stiff stiffness',
  inflammation: 'inflammation inflamed inflammatory swelling',
  ayurveda: 'ayurveda ayurvedic',
  dosha: 'dosha doshas',
  lifevessel: 'lifevessel chamber',
  lifewave: 'lifewave patch patches',
  nutrition: 'nutrition nutritional diet diets dietary food foods',
  meal: 'meal meals dinner breakfast supper',
  midday: 'midday noon lunch lunchtime',
  large: 'large largest big biggest',
  water: 'water hydration hydrate hydrated',
  caffeine: 'caffeine coffee caffeinated espresso',
  night: 'night nights nighttime nightly',
  bed: 'bed bedtime',
  racing: 'racing race races',
  gut: 'gut guts microbiome intestine intestines intestinal',
  stomach: 'stomach tummy belly',
  digestion: 'digestion digestive digest digesting',
  bloat: 'bloat bloated bloating gas gassy flatulence',
  mood: 'mood moods moody',
  emotion: 'emotion emotions emotional',
  hormone: 'hormone hormones hormonal',
  cycle: 'cycle cycles period periods menstrual menstruation pms',
  craving: 'crave craving cravings',
  sugar: 'sugar sugary sweets sweet',
  bloodsugar: 'bloodsugar glucose',
  appetite: 'appetite hunger hungry',
  metabolism: 'metabolism metabolic',
  energy: 'energy energetic energised energized vitality',
  tension: 'tension tensions tense',
  exercise: 'exercise exercising workout workouts activity active movement inactivity',
  sunlight: 'sunlight sun sunshine daylight winter',
  herb: 'herb herbs herbal',
  massage: 'massage massages abhyanga padabhyanga',
  breath: 'breath breathe breathing breathwork pranayama',
  fibre: 'fibre fiber',
  spice: 'spice spices spiced spicy',
  dairy: 'dairy cheese',
  soap: 'soap soaps detergent detergents',
  session: 'session sessions appointment appointments consultation consultations consult booking book schedule',
  price: 'price prices pricing cost costs fee fees pay paying charge expensive cheap dollar dollars afford',
  subscription: 'subscription subscribe subscribing subscriber membership monthly',
  cancel: 'cancel cancelling canceling cancellation',
  available: 'available availability tuesday tuesdays',
  mindful: 'mindful mindfully mindfulness',
})) {
  for (const word of words.split(' ')) CONCEPTS[word] = concept;
}

function normalize(text: string): string {
  let normal = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/['’‘`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ');
  for (const [pattern, replacement] of PHRASES) normal = normal.replace(pattern, replacement);
  return normal;
}

function stem(word: string): string {
  // Plurals first (Harman's S-stemmer: "allergies" → "allergy", "routines" → "routine"), then one ending.
  let w = word;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('es') && !/[aeo]es$/.test(w) && w.length > 4) w = w.slice(0, -1);
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w) && w.length > 3) w = w.slice(0, -1);
  for (const suffix of ['ation', 'ness', 'ing', 'ous', 'ed', 'ly']) {
    if (w.length - suffix.length >= 4 && w.endsWith(suffix)) return w.slice(0, -suffix.length);
  }
  return w;
}

/** The concepts of a text, in order: "I can't sleep, so anxious" → ["sleep", "anxiety"]. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const word of normalize(text).match(/[a-z][a-z0-9]*/g) ?? []) {
    if (word.length < 3 || STOP_WORDS.has(word)) continue;
    out.push(CONCEPTS[word] ?? CONCEPTS[stem(word)] ?? stem(word));
  }
  return out;
}
