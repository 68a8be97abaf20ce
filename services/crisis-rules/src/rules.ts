import { collapseRegexSource } from './normalize.js';

/**
 * The crisis rules. Each pattern runs over normalised text (see normalize.ts): lower-case ASCII words,
 * single spaces, every run of one letter collapsed to one letter. Patterns are written in ordinary
 * spelling and collapsed when compiled, so "kill" in a pattern matches "kil", "kill" and "kiiill".
 *
 * Safety first: a rule may only be narrowed (an exclusion added) when the excluded wording is clearly
 * not about the writer or someone else being at risk. When in doubt, the message is a crisis.
 * Before changing a rule, add the message that motivates the change to corpus/; see README.md.
 */
export interface CrisisRule {
  readonly id: string;
  readonly description: string;
  /** All the rule's alternatives as one expression (for reading and for tests). */
  readonly pattern: RegExp;
  /**
   * The same alternatives in expressions of at most about PART_CHARS characters each: what detectCrisis
   * runs, with the same answer (the rule matches when any part does). V8's compile time grows faster than
   * the size of one expression: in parts, the rules' first call takes about half the CPU, with the same
   * time per message (the figures: README, "Rules 1.1.0").
   */
  readonly parts: readonly RegExp[];
  /**
   * A cheap first test, for rules that only read Spanish: when the text has none of these words, none of
   * the rule's alternatives can match, and the rule is skipped (README, "Rules 1.2.0": an English message
   * no longer pays for the Spanish warning-sign rules). A unit test checks on the corpus that it never hides a match.
   */
  readonly gate?: RegExp;
}

/** Bump when any rule or the normalisation changes, so logged decisions can be traced to a rule set. */
export const RULES_VERSION = '1.2.0';

// --- Vocabulary shared by several rules (written in ordinary spelling; collapsed at compile time) ---

// Reflexive pronouns: the writer, or someone the writer is worried about.
const SELF = String.raw`(?:my ?self|my ?slef|my ?slf|my ?sef|mself|me ?self|miself|him ?self|her ?self|them ?selves|them ?self)`;
// "want" with its inflections and common typos and transpositions ("wnat", "wamt").
const WANT = String.raw`(?:want|wants|wanted|wanting|wanna|wana|wnat|wnt|wamt|watn|wan)`;
// Negations that turn "want to die" into a health motive ("I don't want to die young").
const NOT_BEFORE_WANT = String.raw`(?<!\b(?:dont|do not|doesnt|does not|didnt|dnt|never|not) )`;
// "die" misspelt for "dye" is followed by what is dyed: "die my hair".
const NOT_DYE = String.raw`(?! (?:my|her|his|their|your|the|our|it|them) ?(?:\w+ )?(?:hair|beard|brows|eyebrows|lashes|roots|clothes|shirt|fabric|wool)\b)`;
// Subjects of a wish: the writer or another person.
const SUBJECT = String.raw`(?:i|id|he|hed|she|shed|they|theyd|we)`;
// Activities after "go on", "keep going", "live": "can't go on keto" and "don't want to live near" are not crises.
const ORDINARY_CONTINUATION = String.raw`(?! (?:to|a|an|the|my|your|his|her|our|their|this diet|keto|paleo|vacation|holiday|walks?|runs?|hikes?|trips?|dates?|birth|medication|meds|antibiotics|steroids|hrt|these|those|that|it|stage|air|tv|camera|social|about|taking|eating|working|doing|using|in|near|at|on|without)\b)`;
// Accidents and chores after "hurt/cut/burn myself": "I cut myself shaving" is first aid, not self-harm.
// Deliberately does NOT include "with a knife/razor/lighter": those are how self-harm is described.
const ACCIDENT = String.raw`(?:(?: (?:yesterday|today|last \w+|this morning|again|badly|pretty bad|real bad|a bit|a little))? (?:lifting|running|jogging|playing|exercising|working out|training|stretching|doing (?:yoga|pilates|sports|squats|deadlifts|crossfit|the|some|my)|skiing|snowboarding|skating|hiking|climbing|gardening|cleaning|shoveling|moving|shaving|cooking|chopping|slicing|baking|ironing|falling|fell|tripped|slipped|off (?:a|the|my)|at (?:the )?(?:gym|work|practice|yoga|pilates|crossfit|park|game)|in (?:a|the) (?:fall|crash|accident|kitchen|garden)|on (?:a|the|some|my) (?:\w+ )?(?:stove|oven|pan|iron|kettle|grill|stairs|ice|bike|trampoline|glass|can|paper|fence|nail|tin|treadmill|ladder)|with (?:a|the|my) (?:curling |hair |steam )?(?:iron|kettle|pan|pot|oven|stove|straightener|hot water|boiling water|hot oil|grill)|on (?:a|an|the|some|my) (?!(?:\w+ )?(?:arms?|wrists?|legs?|thighs?|stomach|skin|body|hips?|forearms?|purpose)\b)\w+|by (?:accident|mistake)|accidentally|while (?:lifting|running|playing|exercising|cooking|shaving|chopping|gardening|cleaning|working out|training|hiking|skiing|moving)|when (?:i|he|she) (?:fell|slipped|tripped|was (?:running|playing|lifting|cooking|shaving)))\b)`;
// Dieting and trimming after "been cutting": "I've been cutting for 8 weeks, how do I keep muscle?".
const CUTTING_FOOD = String.raw`(?!(?: \w+){0,6} (?:calories|carbs|sugar|macros|bulk\w*|protein|muscle|gluten|dairy|caffeine|coffee|alcohol|meat|diet|dieting|deficit|hair|keto|paleo|bodybuilding|show|competition|shred\w*|lean|bulk)\b)`;
// What can follow "cutting" as self-harm: "been cutting again", "I keep cutting to cope", "cutting for a year".
const CUTTING_HOW = String.raw`(?:again|tonight|today|so bad|badly|deeper|deep|rn|right now|to cope|to feel|to numb|to calm|to punish|to release|for (?:a|the|months|years|weeks|days|\d+|two|three|a few|a while|about|over|so long)|since|lately|recently|more|every|daily|at night|in secret|secretly|in the bathroom|a lot|on and off|last night|yesterday|whenever|when (?:i|im|things|it|ever)|because|cause|so i|after)`;
// Medicines, for questions about lethal amounts.
const MEDS = String.raw`(?:pills?|tablets?|meds|medications?|medicines?|antidepressants?|sleeping pills|painkillers?|tylenol|paracetamol|acetaminophen|ibuprofen|advil|aspirin|benadryl|xanax|valium|ambien|zopiclone|oxy\w*|opioids?|insulin|lithium|sertraline|prozac|seroquel|codeine|tramadol)`;
// Overindulgence, not poisoning: "I overdosed on sugar at the party".
const OVERINDULGENCE = String.raw`(?:sugar|candy|chocolate|cake|cookies|sweets|carbs|junk|junk food|pizza|caffeine|coffee|netflix|tv|pasta|bread|cheese|ice cream|fruit|snacks|desserts?|food|christmas|holidays|sun|sunshine|exercise|cardio|work|garlic|spicy food|salt|fries|memes)`;
// How a thought or plan is introduced.
const INTENT = String.raw`(?:${WANT}|going|gonna|gona|about to|plan|plans|planning|ready|try|tries|tried|trying|attempt\w*|decided|decide|urges?|tempted|considering|consider|thinking|thought|think|dreaming|fantasi\w*|might|will|wil)`;

// --- Spanish (written without accents: normalisation strips them, so "daño" reads "dano") ---

// Wanting: "quiero morir", "tengo ganas de morirme", "desearía estar muerta".
const ES_WANT = String.raw`(?:quiero|quisiera|queria|deseo|desearia|quiere|quieren|quieres|prefiero|preferiria|necesito|me gustaria|ganas de|tengo ganas de|solo quiero|ya quiero)`;
// Wanting, planning or trying: "voy a matarme", "pienso en suicidarme", "intenté ahorcarme".
const ES_INTENT = String.raw`(?:${ES_WANT}|voy a|vas a|va a|iba a|estoy por|pienso|pienso en|pensando en|pense en|he pensado en|planeo|planeando|decidi|intente|intento|trate de|trato de|tratando de|intentando|como|forma de|manera de|formas de|maneras de|deberia|podria)`;
// Hyperbole after "morir": "me muero de hambre", "quiero morir de risa".
const ES_NOT_HYPERBOLE = String.raw`(?! de (?:hambre|risa|sed|calor|frio|sueno|ganas|aburrimiento|verguenza|envidia|miedo|amor|placer|gusto|cansancio|la verguenza|nervios|los nervios|lo (?:lindo|bonito|tierno|rico|bueno|guapo))\b)`;
// Haircuts and nails after "cortarme": "me voy a cortar el pelo".
const ES_NOT_GROOMING = String.raw`(?! (?:el|la|las|los|mi|mis) (?:pelo|cabello|unas|flequillo|fleco|puntas|barba|bigote|melena)\b)`;
// Who hurts or threatens the writer: partners, exes, parents (English and Spanish).
const PARTNER = String.raw`(?:husband|hubby|wife|boyfriend|bf|girlfriend|gf|partner|fiance|fiancee|spouse|ex|dad|father|stepdad|stepfather|mom|mum|mother|stepmom|stepmother|parents|brother|uncle|he|she)`;
const ES_PARTNER = String.raw`(?:esposo|marido|pareja|novio|novia|esposa|mujer|ex|exnovio|exesposo|papa|padre|padrastro|madre|mama|madrastra|hermano|tio|el|ella)`;
const HARM_VERB = String.raw`(?:kill|hurt|beat|hit|murder|shoot|stab|choke|strangle|burn)`;

// The longest source of one part: most rules are one part; self-harm, overdose-intent, method,
// domestic-violence and es-suicidal are split. Smaller parts (1,500) compiled a little faster but made every
// message slower.
const PART_CHARS = 3000;

function rule(id: string, description: string, ...alternatives: string[]): CrisisRule {
  const compile = (sources: string[]) => new RegExp(collapseRegexSource(sources.map((a) => `(?:${a})`).join('|')));
  const groups: string[][] = [];
  let length = Infinity;
  for (const alternative of alternatives) {
    if (length + alternative.length > PART_CHARS) {
      groups.push([]);
      length = 0;
    }
    groups.at(-1)!.push(alternative);
    length += alternative.length;
  }
  return { id, description, pattern: compile(alternatives), parts: groups.map(compile) };
}

// Words of which every alternative of a Spanish warning-sign rule has at least one (articles, pronouns,
// prepositions, "no", "ya", "todo"...), and the few verbs those rules also match alone.
const ES_GATE = new RegExp(
  collapseRegexSource(
    String.raw`\b(?:q|que|de|del|la|el|los|las|mi|mis|y|e|o|en|por|para|con|ya|se|lo|le|les|un|una|unas|unos|es|me|te|nos|no|si|sin|al|mas|todo|toda|todos|nada|yo|tu|su|sus|ni|hoy|cuando|como|cuantas|cuantos|cada|desviv\w*|apagarme|recai|recuerdenme)\b`,
  ),
);

/** A rule that reads Spanish only: skipped when the text has no word of ES_GATE. */
function spanishRule(id: string, description: string, ...alternatives: string[]): CrisisRule {
  return { ...rule(id, description, ...alternatives), gate: ES_GATE };
}

export const CRISIS_RULES: readonly CrisisRule[] = [
  rule(
    'suicide-mention',
    'Any mention of suicide or being suicidal, including misspellings (suicidle, sucide, suiside) and euphemisms (unalive, sewerslide, kms).',
    String.raw`\bsu(?:i|ie|ei|ia|a|e|oi)(?:s?c|s)i?d\w*`,
    String.raw`\bsu(?:s?c|s)id\w*`,
    String.raw`\bsui cid\w*`,
    String.raw`\bsewer ?slides?\b`,
    String.raw`\bun ?aliv\w*`,
    String.raw`\b(?:${WANT}|gonna|gona|going|about|should|might|just|literally|i|finna) (?:to )?(?:kms|kys)\b`,
    String.raw`\bkms (?:rn|tonight|now|fr)\b`,
    // "kms" or "kys" on its own, but not as kilometres ("I walk 5 kms", "how many kms a week").
    String.raw`\b(?:kms|kys)\b(?<!\b(?:\d+|\d+ \w+|a few|few|many|several|of|the|ten|five|two|three|four|six|seven|eight|nine|twenty|fifty|hundred|hundreds|thousand|thousands|couple|more|extra|those|these|some|per|total|or|and|in) (?:kms|kys))(?! (?:a day|a week|an hour|per|each|every|daily|of|on|in|to|from|away|long|or|and|run|ran|walk|walked|cycle|cycled|bike|biked|hike|hiked|uphill|round trip)\b)`,
    String.raw`\b(?:tell|tells|told|telling|say|says|said|saying) (?:me|him|her|them) (?:to |i should |he should |she should |they should )?(?:kms|kys|kill ${SELF}|die)\b`,
  ),
  rule(
    'kill-self',
    'Killing oneself or another person killing themselves: "kill myself", "killing himself", "kil my self".',
    String.raw`\bk(?:i|e|y)?l(?:ing|in|ed|d|s)? ?(?:${SELF}|your ?self|ur ?self)\b`,
  ),
  rule(
    'end-life',
    'Ending or taking one\'s life: "end my life", "take my own life", "end it all", "going to end it".',
    String.raw`\b(?:end|ends|ending|ended|take|takes|taking|took|takin) (?:my|his|her|their|ones) (?:own )?life\b(?! back\b)`,
    String.raw`\bend(?:s|ing|ed)? (?:it ?all|everything|my existence)\b`,
    String.raw`\b(?:${INTENT}|id|ill|should|just|time|how|way|ways|researching|googling|close|near|closer|on the verge|plan on|planning on|thinking|considering|keep|about|might as well|may as well|guts|courage|nerve|strength|brave enough) (?:to |of |about |on )?(?:just )?end(?:ing)? (?:it|things)\b(?! (?:with|between|for (?:him|her|them|us)|off)\b)`,
    String.raw`\b(?:im|i am|ill be|i will be|i think im) (?:just |finally |really |seriously )?ending (?:it|things)\b(?! (?:with|between|for (?:him|her|them|us)|off)\b)`,
    String.raw`\b(?:idea|ideas|thought|thoughts|option|plan|plans) (?:of|about) ending (?:it|things|my life)\b(?! (?:with|between|for (?:him|her|them|us)|off)\b)`,
    String.raw`\bending (?:it|things|my life) (?:is|seems|feels) (?:all i|the only|my only)\b`,
    String.raw`\bending (?:it|things|my life) (?:would|will|is|seems|feels|sounds|might|could) (?:be )?(?:so |much |a lot )?(?:easier|better|best|the only|the answer|a relief|peaceful|the way out|a mercy)\b`,
    // "the night I end it", but not "how do I end it?" (a fast, a cleanse).
    String.raw`(?<!\b(?:how|when|where|why|if|should|can|could|do) (?:do |should |can |could |would |will )?)\bi (?:will |ll |finally |just |really )?end (?:it|things|everything)(?= *$| (?:tonight|today|now|soon|all|for good|forever|once)\b)`,
  ),
  rule(
    'want-to-die',
    'Wanting, deserving or being ready to die; "I should just die"; "rather be dead"; "feel like dying". Not "don\'t want to die young", not "die my hair".',
    String.raw`${NOT_BEFORE_WANT}\b${WANT}(?: ?to| ta| too| 2)? (?:(?:just|really|so|literally|actually|honestly|kinda|kind of|sort of|seriously|truly|simply|finally|badly|already|genuinely|sometimes|often|always|to) )*(?:die|dei|be dead|be ded)\b${NOT_DYE}`,
    String.raw`${NOT_BEFORE_WANT}\b${WANT}(?: ?to| too)? dye(?= *$| (?:so|tonight|today|now|rn|already|please|pls|and|because|every|i|im)\b)`,
    String.raw`\b(?:ready|prepared|deserve|deserves|wish|wishes|need|needs) to die\b${NOT_DYE}`,
    String.raw`\b(?:i|he|she) (?:should|shoud|shud|need to|deserve to|might as well|may as well|ought to) (?:just |really |probably )?(?:die|be dead)\b${NOT_DYE}`,
    String.raw`\b(?:rather|sooner) (?:just )?(?:be dead|die)\b(?! than (?!(?:live|living|feel|feeling|be alive|go on|keep|continue|suffer|deal|spend|wake)\b))`,
    String.raw`\b(?:feel|feels|feeling|felt) like dying\b`,
  ),
  rule(
    'wish-dead',
    'Wishing to be dead, never born, or not to wake up: "I wish I were dead", "she wishes she was dead", "hope I die in my sleep".',
    String.raw`\b(?:wish|wishes|wished|wishing|hope|hopes|hoping|pray|prays|praying) (?:that )?${SUBJECT} (?:(?:was|were|had|would|could|just|will|really|d) )*(?:dead|die|died|disappear\w*|never (?:woken|woke) up|not exist|didnt exist|stop existing|never (?:been |be )?born|wasnt born|werent born|not born|wasnt alive|werent alive|not alive|wasnt here|werent here|not here|(?:not|never|dont|didnt|wouldnt|wont) wake up|sleep forever|get hit by a (?:car|bus|truck))\b${NOT_DYE}`,
  ),
  rule(
    'better-off-without-me',
    'Perceived burdensomeness: "better off dead", "everyone would be better off without me", "I am a burden".',
    String.raw`\bbetter off (?:dead|ded|gone|not existing|not alive|not here|not around|never born|without me|if i\b(?: \w+){0,3} (?:dead|gone|died|disappeared|here|around|alive|born|existed|exist))\b`,
    String.raw`\b(?:better|happier|easier) without me\b`,
    String.raw`\b(?:being dead|death|dying) (?:would be|is|seems|sounds|feels|looks) (?:so |much |like )?(?:better|easier|preferable|nicer|a relief|peaceful|the only way)\b`,
    String.raw`\b(?:no ?one|nobody|no body|not one person) (?:(?:would|will|wud|is going to|gonna|gona|could|even|really|ever) )*(?:miss|misses|care|cares|notice|notices|cry|mourn) (?:me\b|(?:if|when|whether|that) i (?:died|die|was gone|were gone|am gone|disappeared|wasnt here|left forever|killed ${SELF}|was dead|didnt wake up|live or die|lived or died|stopped existing))`,
    String.raw`\bif i (?:just |simply |suddenly |ever )?(?:died|was dead|were dead|was gone|were gone|disappeared|killed ${SELF}|wasnt here|wasnt around|didnt wake up|never woke up|wasnt alive)\b`,
    String.raw`\b(?:everyone|everybody|evryone|world|family|kids|children|they|theyd|people|we|all) (?:\w+ ){0,3}(?:better|happier|easier) (?:off )?without (?:me|him|her|them)\b`,
    String.raw`\b(?:im|i am|ima|i feel|i felt|feel like|feeling like|being) (?:such |just |a |like )*(?:burden|waste of space)\b`,
  ),
  rule(
    'no-reason-to-live',
    'No reason, point or will to live; nothing to live for; life not worth living; tired of living.',
    String.raw`\b(?:no|nothing|not (?:a|any|one)|zero|dont (?:have|see) (?:a|any)|cant (?:find|see) (?:a|any)|no longer (?:have|see) (?:a|any)|any) (?:\w+ )?(?:reason|point|purpose|will|meaning)s? (?:(?:to|in|of|for) )?(?:me |my |for me |for me to |me to )?(?:(?:keep|keep on|go on|going on|carry on|carrying on) living|live|living|being alive|being here|go on|going on|keep going|continuing|continue|carry on|carrying on|staying alive|be here|exist|existing|wake up|waking up|anything)\b`,
    String.raw`\b(?:lost|losing|lose|have no|no) (?:the |my |all )?will to (?:live|go on|keep going)\b`,
    String.raw`\b(?:whats|what s|what is|wats|why) (?:even )?the point (?:of|in|to) (?:living|life|going on|being alive|anything|it all|existing|carrying on|keep going|keeping going|me|waking up|staying alive|continuing|being here|live)\b`,
    String.raw`\bwhy (?:even )?(?:bother|should i|keep) (?:living|being alive|existing|staying alive|waking up|going on|to live|to go on|keep living|carry on|carrying on)\b`,
    String.raw`\bwhy (?:am i|im|i am) (?:still )?alive\b`,
    String.raw`\b(?:dont know|not sure|unsure|no idea|wonder) (?:if|whether|why) i (?:even |still )?(?:${WANT}|can|should) (?:to )?(?:live|go on|keep going|be alive|be here|keep living)\b${ORDINARY_CONTINUATION}`,
    String.raw`\b(?:not|isnt|aint|no longer|never|wasnt) (?:\w+ )?worth (?:living|it any ?more|being alive|going on|fighting for|staying alive)\b`,
    String.raw`\blife (?:is|feels|seems|has become) (?:so |completely |totally |just |really )?(?:worthless|pointless|meaningless|hopeless|not worth it)\b`,
    String.raw`\b(?:life|my life|living|existence) (?:has|holds) no (?:meaning|point|purpose|value)\b`,
    String.raw`\bnothing (?:left )?(?:to live for|for me to live for|left for me|worth living for|for me here)\b`,
    String.raw`\b(?:tired|sick|weary|exhausted) of (?:living|life|being alive|existing|being here)\b(?! with\b)`,
    String.raw`\bdone (?:with )?(?:life|living|existing|being alive)\b`,
    String.raw`\bhate (?:being alive|existing|my existence)\b`,
    String.raw`\b(?:shouldnt|should not|dont deserve to|do not deserve to|dont deserve|doesnt deserve to) (?:be alive|exist|live|be here)\b`,
    String.raw`\b(?:see|theres|there is|have|is) no way out\b`,
  ),
  rule(
    'cant-go-on',
    'Not being able or willing to go on, keep living, or be here; "I can\'t do this anymore"; "I can\'t take it anymore".',
    String.raw`\b(?:cant|cannot|can not|cnt|cant even) (?:go on|carry on|keep going|continue|keep living|go on living)\b${ORDINARY_CONTINUATION}`,
    String.raw`\b(?:cant|cannot|can not|cnt) (?:do|take|handle|bear|stand|face|cope with) (?:this|it|life|living|the pain|this pain|any of this|everything|anything)(?: any ?more| no more| any longer)\b`,
    String.raw`\b(?:dont think (?:i|ill|i will)|not sure (?:i|ill|i will)|wont|might not|not going to|not gonna) (?:\w+ )?make it (?:through|past|to) (?:the night|tonight|tomorrow|the weekend|the morning|morning)\b(?! without\b)`,
    String.raw`\bgiv\w* up on (?:life|living|everything|being alive)\b`,
    String.raw`\b(?:cant|cannot|can not|cnt) face (?:another day|tomorrow|life|living|another morning|waking up)\b`,
    String.raw`\b(?:cant|cannot|can not|cnt) take (?:much|any) more of (?:this|life|it)\b`,
    String.raw`\b(?:cant|cannot|can not|cnt) (?:keep )?liv(?:e|ing) like this\b`,
    String.raw`\b(?:cant|cannot|can not|cnt) cope any ?more\b`,
    String.raw`\b(?:dont|do not|doesnt|does not|didnt|dnt|no longer|never) (?:really |even |just )?(?:${WANT}) (?:to )?(?:really |even )?(?:go on|keep going|carry on|keep living|continue living|be alive|exist|be around|live|be here|stay here)\b(?! (?:alone|for|at|in|with (?:my|a|him|her|them|roommates|parents|family)|near|on (?!this (?:earth|planet))|when|while|until|during|today|tomorrow|tonight)\b)`,
    String.raw`\b(?:dont|do not|doesnt|does not|didnt|dnt|never) (?:really |even |just )?(?:${WANT}) (?:to )?wake up\b(?! (?:tired|groggy|exhausted|early|late|at|in the (?:night|middle)|during|with|every|each|feeling|so|to|before|after|sore|stiff|hungry|sweaty|anxious|congested|stuffy|bloated|dehydrated)\b)`,
  ),
  rule(
    'disappear-forever',
    'Wanting to disappear, stop existing, sleep forever or not wake up; wanting it all to end or stop.',
    String.raw`\b(?:${WANT}|wish|need) (?:to )?(?:just )?(?:disappear|vanish|not exist|stop existing|cease to exist|not be alive|sleep forever|go to sleep forever|fall asleep forever|be gone)\b`,
    String.raw`\b(?:feel|feels|felt|feeling) like (?:just )?(?:disappearing|vanishing)(?: \w+){0,2} (?:forever|for good|permanently|and never (?:coming|come) back)\b`,
    String.raw`\b(?:sleep|asleep|bed|pills)(?: \w+){0,3} (?:and )?(?:never|not|dont) wake up\b`,
    String.raw`\b(?:${WANT}|need|wish|ready for) (?:it all|everything|the pain|this pain|it|this|life|my life|all of it|it all) (?:to (?:stop|end|be over)|over)\b(?! (?:itching|hurting|burning|aching|bleeding|ringing|swelling|throbbing|spreading|flaring)\b)`,
    String.raw`\b(?:${WANT}|ready|going|need|decided|trying) to stop (?:living|existing|being alive)\b`,
    String.raw`\b(?:${WANT}|need) out\b(?= *$| of (?:this life|life|this world|existence)\b)`,
    String.raw`\b(?:think|thinking|thought|thoughts|fantasi\w*|dream\w*|obsess\w*|urges?|ideation) (?:a lot |alot |constantly |all the time |every day |so much )?(?:about|of) (?:dying|death|being dead|not being (?:here|alive|around)|not existing|disappearing forever)\b${NOT_DYE}`,
  ),
  rule(
    'goodbye-final-acts',
    'Goodbyes and final acts: "say goodbye to everyone forever", "this is goodbye", "won\'t be here tomorrow", a note for the family, giving things away.',
    String.raw`\b(?:say|says|saying|said|sayin) (?:my )?(?:last |final )?goodbyes? (?:to (?:everyone|everybody|the world|all of you|you all|my family|my kids|all)|forever|for the last time)\b`,
    String.raw`\b(?:this is|its|heres) (?:my )?(?:last |final )?goodbye\b(?! (?:to|for now)\b)`,
    String.raw`\bgoodbye (?:forever|everyone|everybody|world|cruel world|for ever|for good)\b`,
    String.raw`\b(?:wont|will not|not going to|not gonna|not gona) be (?:here|around|alive) (?:tomorrow|much longer|any ?more|for long|by (?:tomorrow|morning|the morning|next week))\b`,
    String.raw`\bby the time (?:you|anyone|someone|they|u) (?:read|reads|see|sees|find|finds|get|gets) (?:this|my|me)\b`,
    String.raw`\b(?:suicide|goodbye|last|final|farewell) (?:note|letter|message)s?\b`,
    String.raw`\b(?:writing|wrote|written|write|left|leave|leaving|finished) (?:a|my|the) (?:last |final |goodbye )?(?:note|letter) (?:for|to) (?:my|everyone|all)\b`,
    String.raw`\bgiv\w* away (?:all )?(?:my|his|her) (?:stuff|things|belongings|possessions|pets?|cat|dog)\b`,
    String.raw`\bend (?:my|his|her|their) (?:suffering|pain|misery|existence)(?= *$| (?:permanently|forever|for good|once and for all|tonight|now)\b)`,
    String.raw`\b(?:planned|planning|plan|decided|figured out|worked out|know) (?:how|when|where) (?:im|i am|i will|ill|to) (?:going to |gonna )?do it\b`,
    String.raw`\b(?:do it|decided|made up my mind|its time)\b(?: \w+){0,6} goodbye\s*$`,
    String.raw`\bthis (?:is|will be) my (?:last|final) (?:message|post|night|words)\b`,
    String.raw`\b(?:imagin\w*|pictur\w*|planning|plan|dream\w*|fantasi\w*|think\w* about|visuali[sz]\w*) (?:about )?my (?:own )?funeral\b`,
  ),
  rule(
    'method',
    'A method of suicide: hanging, jumping, drowning, in front of a train, slitting wrists, a noose, how-to questions and lethal amounts of medicine.',
    String.raw`\b(?:hang\w*|hung|shoot\w*|shot|stab\w*|suffocat\w*|strangl\w*|electrocut\w*|offing|end|ending|gas|gassing) ${SELF}\b(?! (?:in the foot|up|on|off|out|down)\b)`,
    // After collapsing, "off myself" reads "of myself" ("proud of myself"): only after to/gonna.
    String.raw`\b(?:to|gonna|gona|wanna|wana) off ${SELF}\b`,
    String.raw`\bdrown\w* ${SELF}\b(?! in (?!the (?:bath|bathtub|tub|river|lake|sea|ocean|pool|water)\b))`,
    String.raw`\b(?:slit|slice|slash|cut|cutting|slitting|slicing|slashing) (?:open )?(?:my|his|her|their) (?:own )?wrists?\b`,
    String.raw`\bjump\w* (?:off|from) (?:a|the|my|this|that|our|his|her) (?:\w+ )?(?:bridge|building|roof|rooftop|balcony|cliff|overpass|tower|window|ledge|car park|parking garage)\b`,
    String.raw`\b(?:jump|step|throw|walk|lie|lay|drive)\w* (?:${SELF} )?in front of (?:a|the|an|some) (?:\w+ )?(?:train|bus|car|truck|lorry|subway|tube)\b`,
    String.raw`\bdriv\w* (?:my car |the car |myself )?(?:off|into) (?:a|the) (?:cliff|bridge|wall|tree|river|lake)\b`,
    String.raw`\bnooses?\b`,
    String.raw`\b(?:i|im|gonna|gona|going to|${WANT}|want to|will|should|might|about to|planning to|thinking of|thinking about|ready to) (?:just )?(?:drink|drinking|swallow\w*|take|taking|eat|eating|inject\w*) (?:some |the |a bottle of |a cup of |a glass of )?(?:bleach|antifreeze|drain cleaner|rat poison|weed killer|pesticide|cyanide|poison)\b`,
    String.raw`\b(?:starve|starving|drink|drinking|drank|bleed|bleeding) ${SELF} (?:to death|(?:\w+ ){0,2}(?:until|til|till) (?:i|he|she|they) (?:die|dies|am dead|im dead|is dead|drop dead))\b`,
    String.raw`\b(?:ways?|methods?|how|easiest|quickest|fastest|painless|painlessly|best way) to (?:die|kill ${SELF}|commit)\b${NOT_DYE}`,
    String.raw`\b(?:looking up|looked up|googling|googled|searching|searched|researching|researched|reading about) (?:how many ${MEDS}|how much ${MEDS}|ways to|methods|how to die|lethal|overdos\w*)`,
    String.raw`\bhow many ${MEDS} (?:it takes|does it take|would it take|it would take)(?= *$)`,
    String.raw`\b(?:think\w*|thought|thoughts) (?:about|of) jumping(?= *$| (?:off|from|in front|out of|tonight)\b)`,
    String.raw`\bhow (?:many|much) (?:\w+ ){0,6}(?:to die|to kill ${SELF}|to not wake up|to never wake up|to end (?:it|my life)|does it take to die|would it take to die)\b`,
    String.raw`\bhow (?:many|much) (?:of )?(?:my |the |these |those )?(?:\w+ ){0,2}${MEDS} (?:\w+ ){0,5}(?:would kill|will kill|is lethal|is fatal|would be lethal|would be fatal|to overdose|for an overdose)\b`,
    String.raw`\b(?:lethal|fatal|deadly|killing) (?:dose|amount|quantity|number|overdose) (?:of )?(?:my |your |his |her |these |those |the )?(?:\w+ ){0,2}${MEDS}\b`,
  ),
  rule(
    'self-harm',
    'Self-harm: "self-harm", "harm/hurt/cut/burn myself" (not an accident while cooking or exercising), cutting again, hitting oneself, scratching until bleeding.',
    String.raw`\bself ?(?:harm|harms|harmed|harming|harmer|injur\w*|mutilat\w*|hurt\w*)\b`,
    String.raw`(?<!\baccidentally )\b(?:harm|harms|harmed|harming|hurt|hurts|hurting|cut|cuts|cutting|burn|burns|burned|burnt|burning|cutted) ${SELF}\b(?! (?:of|out|short|some slack|a break|loose|free|down)\b)(?!${ACCIDENT})`,
    String.raw`\bburn\w* (?:${SELF}|my (?:\w+ )?(?:arms?|wrists?|legs?|thighs?|skin|hands?|stomach|body)) (?:\w+ ){0,2}(?:with|using) (?:a |my |the )?(?:hot |heated )?(?:lighter|cigarettes?|matches|match|candle|spoon|knife|metal|coin|eraser)\b`,
    String.raw`\bcutting (?:again|my (?:arms?|wrists?|legs?|thighs?|skin|stomach|body|hips?))\b`,
    String.raw`\b(?:urges?|want|wanna|wana|started|start|relapsed|relapse|relapsing|stop|stopped|quit|quitting|been|keep|kept) (?:to )?(?:cut|cutting)(?= *$| (?:again|tonight|so bad|badly|deeper|and|but|because|when|rn|right now|or)\b)`,
    // Other tenses and subjects: "I cut again last night", "she's been cutting for a year", "went back to cutting".
    String.raw`\b(?:i|ive|i have|i just|im|she|shes|he|hes|they|theyre|theyve|still|secretly|started|been|keep|kept|back to|went back to|go back to|going back to|returned to|habit of|addicted to|resort to|resorted to|turn to|turned to|turning to) (?:been )?(?:cut|cutting)(?= *$| ${CUTTING_HOW}\b)${CUTTING_FOOD}`,
    String.raw`\b(?:cut|cuts|cutting|slice|sliced|slicing|slash|slashed|slashing|carve|carved|carving) (?:up |into )?(?:my|his|her|their) (?:own )?(?:arms|wrists|thighs|legs|forearms|hips|stomach|skin|body)\b(?!${ACCIDENT})(?! on (?:a|an|the|some)\b)`,
    String.raw`\b(?:cut|cuts|cutting|slice|sliced|slicing|slash|slashed|slashing|carve|carved|carving) (?:up |into )?(?:my|his|her|their) (?:own )?(?:\w+ ){0,3}(?:with|using) (?:a |my |the |some )?(?:razor|razors|blade|blades|razor blade|knife|scissors|glass|sharpener|pencil sharpener|compass|box cutter)\b(?!${ACCIDENT})`,
    String.raw`\b(?:slash|slashed|slashing|slice|sliced|slicing|carve|carved|carving)(?: \w+){0,2} (?:into |in |on )?(?:my|his|her|their) (?:own )?(?:arm|wrist|thigh|leg|forearm|hip|skin|stomach)s?\b(?!${ACCIDENT})`,
    String.raw`\b(?:(?:been|keep|kept|started|start|i|im|ive been) (?:hitting|punching|slamming|banging|bashing|hit|punched|slammed|banged|bashed)|and (?:hitting|punching|slamming|banging|bashing)) my head (?:against|on|into) (?:the|a) (?:wall|walls|floor)\b(?! (?:trying|with|over|about|figuring|because of)\b)`,
    String.raw`\b(?:my|his|her) wrists? (?:is|are|wont stop|keeps?|keep|started) (?:\w+ )?bleeding\b`,
    String.raw`\bjust cut(?<!\b(?:was|got|been|be|is|are|were|get|gets) just cut)(?= *$| (?:need|help|please|pls|again|and (?:im|i am|it|there|now))\b)`,
    String.raw`\b(?:razor|razors|blade|blades|razor blade|box cutter|scissors) (?:on|to|across|into|against) (?:my|his|her|their) (?:\w+ )?(?:arms?|wrists?|thighs?|legs?|skin|body|stomach|forearms?|hips?)\b`,
    String.raw`\b(?:cut|cuts|cutting|hurt|hurts|hurting|burn|burns|burned|burnt|burning|harm|harming|hit|hitting) (?:${SELF}|my (?:\w+ )?(?:arms?|wrists?|legs?|thighs?|skin|body|stomach)) (?:\w+ ){0,2}(?:so|to) (?:that )?(?:i |he |she )?(?:can |could )?feel (?:something|anything|alive|real|in control)\b`,
    String.raw`\b(?:i|ive|i have|she|shes|he|hes|they|just|had|i already|and|relapsed and) cut (?:again|deep|deeper|last night|tonight|yesterday|today|this morning)\b`,
    String.raw`\b(?:what|something) (?:i|he|she|they) (?:might|could|would|will|am going to|m going to|is going to) do to ${SELF}\b|\bdo (?:something|anything) (?:stupid |bad |drastic )?to ${SELF}\b`,
    // A toddler hitting or biting himself is a parenting question, not self-harm.
    String.raw`(?<!\b(?:toddler|toddlers|baby|babies|infant|\d+ (?:month|year) old)(?: \w+){0,2} )\b(?:hit|hitting|punch|punching|punish|punishing|beat|beating) ${SELF}\b(?! up\b)(?! with (?:cold showers?|ice baths?|workouts?|exercise|extra (?:reps|cardio|workouts?)|cardio|early mornings|the gym)\b)`,
    String.raw`\b(?:scratch|scratching|pick|picking|bite|biting) ${SELF} (?:until|til|till|so) (?:i|it|they|he|she) (?:bleed|bleeds)\b`,
    String.raw`\b(?:scratch|scratching|scratched|pick|picking|picked|bite|biting|cut|cutting) (?:at )?(?:my|his|her|their) (?:skin|arms?|legs?|wrists?|thighs?) (?:until|til|till|so) (?:it|they|i|he|she) (?:bleed|bleeds|bled)\b`,
    String.raw`\bcuts? (?:that )?(?:i|he|she) (?:made|did|gave (?:myself|himself|herself))\b|\b(?:arms?|legs?|thighs?|wrists?|body) (?:is|are) covered in (?:cuts|scars|burns)\b`,
    String.raw`\bused to (?:cut|self harm|hurt ${SELF})\b(?: \w+){0,5} (?:started|starting|doing it|do it) again\b`,
    String.raw`\bmake ${SELF} bleed\b|\bmade ${SELF} bleed\b`,
  ),
  rule(
    'overdose-intent',
    'Overdose as intent or act: want/going/planning to overdose, took an overdose, on purpose, all my pills, a whole bottle. Not a factual question ("can you overdose on vitamin D?").',
    String.raw`\b${INTENT}(?: to| of| about| on)? (?:just |really |seriously |actually )?(?:take |taking |do |doing |having )?(?:an? )?(?:overdos\w*|over ?dos\w*)\b`,
    String.raw`\b(?:${WANT}|going to|gonna|gona|about to|plan to|planning to|ready to|trying to|tried to|decided to) (?:od|oding)\b`,
    String.raw`\boverdos\w* (?:\w+ ){0,8}(?:because|cause|cuz|coz|since) i (?:${WANT}|plan|am going|am planning|might)(?: to)?\b`,
    String.raw`\b(?:i|ive|i have|he|she|they) (?:just |already |really |finally |have |has )?(?:overdosed|oded)\b(?! on (?:${OVERINDULGENCE})\b| by (?:accident|mistake)\b)`,
    String.raw`\b(?:took|taken|had taken) (?:an? )?(?:overdose|od)\b`,
    String.raw`\b(?:overdos\w*|od|oded) (?:\w+ ){0,5}(?:on purpose|intentionally|deliberately)\b`,
    String.raw`\b(?:intentionally|deliberately|purposely|purposefully) (?:took an |take an )?(?:overdos\w*|oded)\b`,
    String.raw`\boverdos\w* (?:\w+ ){0,4}(?:to|and) (?:die|end it|end my life|kill ${SELF}|not wake up|never wake up)\b`,
    String.raw`\b(?:take|taking|took|takin|swallow|swallowing|swallowed|down|downing|downed|empty|emptied|chug|chugged|pop|popped|popping) (?:all|every|each|every ?one|every single one|the whole|the entire|a whole|an entire|the rest) (?:of )?(?:my |the |these |those |his |her |their |our )?(?:\w+ ){0,2}(?:${MEDS}|bottle|pack|packet|box|prescriptions?)\b(?! (?:at the same time|together|with (?:food|water|a meal|meals|breakfast|lunch|dinner)|in the morning|at night|before bed|before breakfast|after (?:food|meals|breakfast|dinner)|on an empty|as (?:prescribed|directed))\b)(?!(?<=\b(?:bottle|pack|packet|box)) of (?!(?:\w+ ){0,2}${MEDS}\b))`,
    String.raw`\b(?:ate|eaten|eat|eating) (?:all|every|each|every ?one|every single one|the whole|the entire|a whole|an entire|the rest) (?:of )?(?:my |the |these |those |his |her |their |our )?(?:\w+ ){0,2}${MEDS}\b`,
    String.raw`\b(?:taken|have taken|had taken|has taken) (?:all|every|every ?one|every single one|the whole|the entire|a whole|an entire|the rest) (?:of )?(?:my |the |these |those |his |her |their |our )?(?:\w+ ){0,2}(?:${MEDS}|bottle|pack|packet|box|prescriptions?)\b(?! (?:at the same time|together|with (?:food|water|a meal|meals|breakfast|lunch|dinner)|as (?:prescribed|directed)|in the morning|at night|before bed)\b)`,
    // "I just took a bottle of pills", "downed two boxes of paracetamol", "a month's worth of my pills".
    String.raw`\b(?:took|take|taking|taken|swallow|swallowed|swallowing|popped|downed|downing|ate|eaten|chugged|drank|emptied) (?:a|an|one|two|three|four|five|several|half a|half of a|\d+|a whole|an entire|the whole|the entire|like a|like two) (?:whole |entire |full )?(?:bottles?|boxes|box|packs?|packets?|strips?|blister packs?|sheets?|tubs?|jars?|months? worth|months worth|weeks? worth|weeks worth) (?:of )?(?:my |the |his |her |their |those |these )?(?:\w+ ){0,2}${MEDS}\b`,
    String.raw`\b(?:took|taken|swallowed|popped|downed|ate) (?:my|his|her|their|the) (?:whole|entire) (?:\w+ )?(?:prescription|supply|stash|bottle|pack|box)\b(?! (?:of (?:antibiotics|vitamins|supplements|probiotics) )?(?:as (?:prescribed|directed)|like (?:i was|you are) told)\b)(?! of (?!(?:\w+ ){0,2}${MEDS}\b))`,
    String.raw`\b(?:took|taken|swallowed|popped|downed|ate) (?:everything|all the (?:pills|meds|medicine|medication|tablets)|whatever (?:pills |meds )?i (?:could find|had|found))(?: i (?:could find|had|found)| we (?:had|have))? (?:in|from) (?:the|my|our|his|her) (?:medicine cabinet|cabinet|bathroom|pill box|pillbox|pill organizer|pill organiser|pill case|dosette box|drawer|house|cupboard|first aid kit)\b`,
    String.raw`\b(?:took|taken|swallowed|popped|downed)(?<!\b(?:accidentally|by accident|mistakenly|by mistake) (?:\w+ )?(?:took|taken|swallowed|popped|downed)) (?:way |far |much )?too many (?:of )?(?:my |the |his |her )?(?:\w+ ){0,2}(?:pills|tablets|meds|medications?|painkillers|antidepressants|sleeping pills)\b(?! (?:by (?:accident|mistake)|accidentally)\b)`,
    String.raw`\b(?:took|swallowed|popped|downed|ate|taken) (?:about |like |around |over |maybe )?(?:[1-9]\d+|a handful of|a fistful of|fistfuls of|a mouthful of|a bunch of|handfuls of|loads of|a lot of|tons of|all the) (?:of )?(?:my |the |his |her )?(?:\w+ ){0,2}(?:pills|tablets|caps|capsules|meds|${MEDS})\b`,
    String.raw`\b(?:[1-9]\d+|a bottle of|a whole bottle of|all my|all of my|the whole|a handful of|enough) (?:of )?(?:my |the |these )?(?:\w+ ){0,2}?${MEDS} (?:\w+ ){0,3}?(?:kill (?:me|you|someone|a person)|be lethal|be fatal|to die)\b`,
    String.raw`\b${MEDS} (?:are |is )?(?:all )?(?:lined up|counted out|laid out)\b|\b(?:got|have) (?:the|my|all) ${MEDS} ready\b(?! for\b)`,
    String.raw`\b(?:stockpil\w*|hoard\w*|saving up|saved up|collect\w*|gathering|gathered) (?:all )?(?:my |the |enough )?(?:\w+ )?(?:pills|meds|tablets|medication)\b`,
  ),
  rule(
    'domestic-violence',
    'A partner, ex or parent who hits, chokes, abuses or threatens the writer: "my husband hits me", "he threatened to kill me", "mi esposo me pega". Not "beats me at chess", not "kicks me in her sleep".',
    String.raw`\b${PARTNER}(?: \w+){0,3} (?:hits|hit|hitting|beats|beat|beating|punch|punches|punched|punching|slap|slaps|slapped|slapping|kick|kicks|kicked|kicking|choke|chokes|choked|choking|strangles|strangled|strangling|hurts|hurt|hurting|abuses|abused|abusing|rape|rapes|raped|raping|attacks|attacked|assaulted|bruised|stabbed|smacks|smacked|threatens|threatened|threatening|throws things at|threw things at) me\b(?! (?:at|in (?:chess|cards|games?|a race|tennis|arguments?|his sleep|her sleep|their sleep|bed by accident)|to it|off|out|awake|with (?:a |the |an |some )?(?:pillow|snowball|water balloon|questions?|news|surprise|idea|bill|truth|facts?|ultimatum)|playfully|by accident|accidentally|lol|lmao|haha)\b)(?!(?<=\bhits? me) up\b)(?!(?: \w+){0,4} in (?:his|her|their) sleep\b)`,
    String.raw`\b${PARTNER}(?: \w+){0,3} (?:stalks|stalked|stalking) me\b`,
    String.raw`\b(?:pulled|pulls|held|holds|pointed|points|came at me with) (?:a|the|his|her) (?:knife|gun|bottle|hammer|bat)(?: (?:at|on|to) (?:me|my (?:head|throat|neck|face)))\b|\b(?:threw|throws|throwing|swung) (?:a|the|his|her) (?:knife|gun|bottle|chair|plate|glass|hammer|bat|pan) at me\b`,
    String.raw`\bforced (?:himself|herself|themselves) on me\b|\b(?:forced|forces|forcing|made) me (?:to have sex|into sex|to do sexual)\b`,
    String.raw`\b${PARTNER}(?: \w+){0,3} (?:pushed|pushes|shoved|shoves|grabbed|grabs|pinned|pins|locks|locked|threw|throws|dragged|drags) me (?:down|against|into|to the (?:ground|floor|wall)|off|over|across|in (?:a|the|my) (?:room|closet|bathroom|house|basement)|out of the (?:car|house)|by (?:my|the) (?:hair|neck|throat|arm))\b`,
    String.raw`\bthreat\w* (?:to |that (?:he|she|they) (?:will|would|ll|d|is going to) )?${HARM_VERB} (?:me|us|my kids|the kids|my children|my family|my baby)\b`,
    String.raw`\b(?:says|said|swore|swears|told me|keeps saying|promised|threatens|threatened) (?:that )?(?:(?:he|she|they) (?:will|would|ll|d|is going to|s going to|gonna|is gonna)|hed|shed|theyd|hell|shell|theyll) ${HARM_VERB} (?:me|us|my kids|the kids|my children|my family)\b`,
    String.raw`\b(?:afraid|scared|terrified|frightened|fear|worried) (?:that )?(?:my )?${PARTNER} (?:\w+ ){0,2}(?:will|would|might|is going to|s going to|gonna|could|is gonna|ll|d) (?:\w+ )?${HARM_VERB} me\b`,
    String.raw`\b(?:afraid|scared|terrified|frightened) (?:to go|of going|to go back) home\b|\b(?:afraid|scared|terrified|frightened) of (?:my|her|his) (?:husband|hubby|wife|boyfriend|bf|girlfriend|gf|partner|fiance|fiancee|spouse|ex|dad|father|stepdad|stepfather|mom|mum|mother|stepmom|stepmother|parents)\b`,
    String.raw`\b(?:husband|hubby|wife|boyfriend|bf|girlfriend|gf|partner|fiance|fiancee|spouse|ex|dad|father|stepdad|stepfather|mom|mum|mother|stepmom|stepmother|parents|he|she) (?:is|was|has been|gets|can be|becomes|became|is being) (?:\w+ )?(?:abusive|violent)\b`,
    String.raw`\b(?:in|stuck in|trapped in|leave|leaving|escape|escaping|my) (?:an |a |this )?(?:abusive|violent) (?:relationship|marriage|home|household|husband|wife|partner|boyfriend|girlfriend|ex|dad|father|mom|mother|parents?)\b`,
    String.raw`\b(?:im|i am|i was|ive been|i have been|being|getting|keep getting) (?:physically |sexually |emotionally |verbally )?(?:abused|beaten|raped|assaulted|molested)\b`,
    String.raw`\b${ES_PARTNER}(?: \w+){0,3} (?:me|nos) (?:pega|pego|pegaba|golpea|golpeo|golpeaba|maltrata|maltrato|maltrataba|ahorca|ahorco|estrangula|estrangulo|lastima|lastimo|hace dano|hizo dano|viola|violo|abusa|abuso|quiere matar|encierra|encerro|patea|pateo|cachetea|cacheteo|abofetea|abofeteo)\b`,
    // "me amenaza con comprar más suplementos" is not a threat of harm.
    String.raw`\b${ES_PARTNER}(?: \w+){0,3} (?:me|nos) (?:amenaza|amenazo|amenazaba)\b(?! con (?!(?:matar\w*|hacerme dano|pegar\w*|golpear\w*|lastimar\w*|quitar\w*|un cuchillo|una pistola|un arma|llevarse)\b))`,
    String.raw`\bamenaz\w* con (?:matarme|matarnos|hacerme dano|pegarme|golpearme|lastimarme|quitarme a mis hijos|matar a mis hijos)\b`,
    String.raw`\b(?:tengo miedo de|tengo miedo a|me da miedo|le tengo miedo a) (?:mi|su) (?:esposo|marido|pareja|novio|novia|esposa|ex|padre|padrastro)\b|\bsufro (?:de )?(?:violencia|maltrato|abuso)\b`,
    // Rules 1.2.0, Spanish: a partner or parent who grips the neck, pushes, slaps, controls money, papers and
    // the phone, or threatens what happens if the writer leaves or tells; third person ("le pega a mi mamá").
    String.raw`\bme (?:agarro|agarra|agarraba|apreto|aprieta|apretaba|tomo|toma) (?:del|el|de el|por el) cuello\b|\b(?=me )(?<!\b(?:corbata|camisa|camiseta|collar|bufanda|ropa|blusa|pantalon|cinturon|faja|cuello)(?: \w+){0,2} )\bme (?:ahorco|ahorca|ahorcaba|estrangulo|estrangula|estrangulaba)\b`,
    String.raw`\bme (?:empujo|empuja|empujaba|tiro|tira|tiraba|arrastro|arrastra|estrello|estrella) (?:contra|al|por|del|de los) (?:la pared|el piso|el suelo|las escaleras|la escalera|el pelo|pelos|la puerta|el auto|el coche)\b|\bme (?:tiro|tira|lanzo|lanza|arrojo) (?:el|un|una|la) \w+ (?:contra la pared|a la cara|a la cabeza)\b`,
    String.raw`\bme (?:dio|da|daba|pego|pega|pegaba|solto) (?:una |un )?(?:cachetada|bofetada|trompada|punetazo|pina)\b|\bme (?:pegaron|golpearon) (?:anoche|ayer|hoy|otra vez)\b`,
    String.raw`\bme (?:amenaz\w*|apunt\w*) con (?:un|una|el|la|su) (?:cuchillo|pistola|arma|navaja|machete|tijeras|botella|revolver|escopeta)\b`,
    String.raw`\bme (?:obliga|obligo|obligaba|forzo|fuerza|forzaba) a (?:tener relaciones|tener sexo|acostarme|hacer cosas)\b|\bme toca\b(?: \w+){0,8} no (?:diga|cuente) nada\b`,
    String.raw`\bno me deja (?:salir (?:sol[oa]|sin el|de casa)|ver a (?:mi familia|mis amig\w*|mis padres|mi mama|nadie)|hablar con (?:nadie|mi familia|mis amig\w*)|trabajar|tener (?:celular|telefono|plata|dinero)|comer|usar (?:el|mi) (?:celular|telefono))\b|\bme (?:quito|quita|quitaba|saca|saco|escondio|esconde|rompio) (?:el|mi|los|mis|la|las) (?:pasaporte|documentos|dni|llaves|tarjetas|plata|dinero|celular|telefono)\b(?! (?:por|hasta|porque|como castigo)\b)`,
    String.raw`\b(?:controla|me controla) (?:toda la plata|todo el dinero|mi plata|mi dinero|mis gastos|todo lo que gasto|con quien hablo)\b|\bme revisa (?:el celular|mi celular|el telefono|mi telefono|los mensajes|mis mensajes|todo)\b|\btiene (?:la|las|mis) contrasenas? de todo\b|\bsin pedirle permiso\b`,
    String.raw`\bsi (?:lo|la|le|los) (?:dejo|denuncio|cuento|digo|abandono)\b(?: \w+){0,6} (?:me mata|me va a matar|me quita|me va a quitar|la va a usar|me rompe|me pega|me busca|nos mata)\b|\bsi (?:me voy|vuelvo|me escapo|me separo|lo dejo|le cuento a alguien|hablo|digo algo|llego tarde a casa)\b(?: \w+){0,5} (?:me mata|me va a matar|me rompe la cara|la va a usar|me va a quitar|nos mata|me quita a)\b`,
    String.raw`\b(?:tengo|me da) miedo (?:de |a )?(?:volver|regresar|ir) a (?:casa|mi casa)\b|\bmiedo de lo que (?:me )?(?:haga|pueda hacer|vaya a hacer)\b|\b(?:estoy escondid[oa]|me escondi|me estoy escondiendo|nos escondemos)\b(?: \w+){0,6} (?:casa|vecina|amiga|cama|bano|el|cuando llega)\b|\bme escape (?:a|de) (?:la )?casa\b`,
    String.raw`\b(?:tapo|tapar|tapa|taparme|esconder|escondo|ocultar|oculto|disimular|disimulo)\b(?: \w+){0,3} (?:un |el |los |mis |este )?(?:moreton|moretones|morado|ojo morado)\b|\bmoretones\b(?: \w+){0,6} (?:me agarra|me pega|me aprieta|me golpea)\b|\b(?:creen|piensan|dicen|dije|digo|les dije|les digo) que me cai\b|\bsoy torpe pero\b`,
    String.raw`\b(?:marido|esposo|novio|pareja|papa|padre|padrastro|tipo|ex|exnovio|exmarido|exesposo)\b(?: \w+){0,2} (?:le|la|los|las) (?:pega|pego|pegaba|golpea|golpeo|golpeaba|ahorca|ahorco|maltrata|maltrato|estrangula|viola|violo|abusa|amenaza|amenazo)\b(?! (?:a la pelota|al balon|un grito|al saco)\b)|\b(?:dijo|dice|amenaz\w*|juro|grito)\b(?: \w+){0,4} (?:que )?(?:la|lo|los|las|nos) (?:va|van) a matar\b|\b(?:el|su) marido no la deja\b`,
    String.raw`\bme (?:sigue|persigue|acosa|vigila)\b(?: \w+){0,4} (?:aparece|me manda|fotos de mi casa|a todas partes|a todos lados)\b|\brompe cosas\b(?: \w+){0,4} (?:me agarra|me pega|me empuja)\b|\bdespues me agarra\b`,
    String.raw`\bcuando (?:toma|bebe|se enoja|llega|se emborracha|se pone)\w*\b(?: \w+){0,4} (?:me|nos) (?:pega|golpea|empuja|maltrata|ahorca|grita y)\b|\bme (?:tiene|tenia) (?:encerrad[oa]|amenazad[oa])\b|\bmiedo (?:de|a) que (?:me|nos) (?:mate|pegue|golpee|haga algo|haga dano|lastime|encuentre)\b`,
    String.raw`\babus\w* de mi\b(?! (?:confianza|paciencia|buena fe|bondad|tiempo)\b)|\bme (?:violo|violaron|abuso|abusaron|manoseo|manosea)\b|\btengo miedo de (?:el|ella)\b(?= *$| (?:y|no|cuando|porque|pero)\b)`,
    String.raw`\b${ES_PARTNER}(?: \w+){0,3} (?:me|nos) (?:quema|quemaba|empuja|empujo|empujaba|zamarrea|zamarreo|sacude|sacudio|arrastra|arrastro|tira del pelo|jala del pelo)\b|\bme (?:grita|insulta|humilla) y me (?:empuja|pega|golpea|zamarrea|tira|sacude|agarra)\b|\b(?:miedo|panico|terror) (?:de |a )?(?:volver|regresar|ir|llegar) a (?:casa|mi casa)\b`,
    String.raw`\b(?:moretones|marcas|moreton) (?:en el cuello|de (?:sus|los) dedos)\b|\bde cuando me (?:apreto|agarro|pego|empujo|golpeo|ahorco)\b`,
  ),
  rule(
    'es-suicidal',
    'Spanish: wanting to die or to kill oneself, suicide methods, no reason to live, can\'t take any more, better off without me: "quiero morir", "voy a matarme", "ya no quiero vivir", "estarían mejor sin mí".',
    String.raw`\b${ES_INTENT} (?:\w+ )?(?:matarme|matarse|matarte|suicidarme|suicidarse|quitarme la vida|quitarse la vida|ahorcarme|ahorcarse|colgarme|colgarse|envenenarme|envenenarse|acabar con (?:todo|mi vida|esto|mi existencia)|terminar con (?:todo|mi vida|esto|mi existencia)|poner fin a (?:todo|mi vida|esto)|hacerme dano|lastimarme|herirme|quemarme|golpearme|cortarme|cortarse|cortarme las venas)\b${ES_NOT_GROOMING}(?!(?<=\b(?:todo|esto)) (?:el|la|los|las|este|esta|estos|estas|lo|de|del|mi|mis|tu|su|sus)\b)(?!(?<=\btodo) esto (?:de|del|con)\b)`,
    String.raw`\b${ES_WANT} (?:solo |ya |simplemente |realmente )?(?:morir|morirme|morirse|estar muert[oa]s?|desaparecer(?: para siempre)?|dejar de existir|dejar de vivir|no existir|no despertar(?:me)?|dormir para siempre|no estar aqui|no seguir aqui|no vivir mas)\b${ES_NOT_HYPERBOLE}(?! (?:el|la|los|las|mis|mi|estas|estos|esa|ese|esta|este|de mi|del grupo|del chat|de (?:las )?redes|de (?:whatsapp|instagram|facebook|tiktok))\b)`,
    String.raw`\b(?:me|se|te) (?:quiero|quiere|quieres|queria|queremos) morir\b${ES_NOT_HYPERBOLE}`,
    String.raw`\b(?=(?:me|se|te) )(?<!\b(?:tos|dolor|calor|frio|trafico|resfriado|gripe|migrana|alergia|insomnio|estres|examen|dieta|ciatica|rodilla|espalda|muela|muelas|hipo|jefe|jefa|suegra|suegro|profe|profesor|profesora|entrenador|entrenadora) )\b(?:me|se|te) (?:quiero|quiere|quieres|queria|voy|va|vas|iba|pienso|piensa|estoy pensando en|esta pensando en|deberia|acabo de) (?:a )?(?:matar|suicidar|ahorcar|colgar|quitar la vida|envenenar|cortar las venas|cortar|hacer dano|lastimar|herir|tirar (?:de|desde|por) (?:un|una|el|la))\b${ES_NOT_GROOMING}`,
    String.raw`\bquit(?:arme|arse|arte|o|e|aria|are|ando) la vida\b|\bahorc(?:ar|arme|arse|arte|are|aria|ando|andome)\b|\bcortar(?:me|se)? las venas\b`,
    String.raw`\b(?:tirar|aventar|arrojar|lanzar)(?:me|se|te)? (?:de|desde|por) (?:un|una|el|la|mi) (?:\w+ )?(?:puente|edificio|balcon|ventana|azotea|techo|acantilado|precipicio)\b|\b(?:tirar|aventar|arrojar|lanzar)(?:me|se|te)? (?:al|a las|bajo|debajo de|frente a) (?:un |el |las |los )?(?:tren|metro|vias|camion|coche|carro|auto|autobus|vacio)\b`,
    String.raw`\bojala (?:que )?(?:me muera|muriera|me muriera|estuviera muert\w*|estar muert\w*|no despierte|no despertar|no despertara|no haber nacido|nunca hubiera nacido|no hubiera nacido|desapareciera|desaparecer|no existiera|no existir|me atropelle)\b|\b(?:desearia|quisiera) (?:no )?(?:haber nacido|estar muert[oa])\b`,
    String.raw`\bno (?:tengo|hay|veo|encuentro|tiene|le veo|le encuentro) (?:ninguna |ningun |una |un |mas |el |ni una )?(?:razon|razones|motivo|motivos|sentido|proposito|ganas) (?:para|de|a|en) (?:seguir )?(?:vivir|viviendo|existir|seguir|estar aqui|estar vivo|estar viva|la vida|mi vida|levantarme|despertar)\b`,
    String.raw`\bno le (?:veo|encuentro) (?:el |ningun )?sentido a (?:la|mi) vida\b|\b(?:la|mi) vida no (?:tiene (?:sentido|proposito)|vale (?:la pena|nada))\b|\bno vale la pena (?:vivir|seguir|seguir viviendo|estar vivo|estar viva)\b`,
    String.raw`\bya no (?:quiero|puedo|deseo) (?:vivir|seguir viviendo|seguir|existir|estar aqui|estar vivo|estar viva)\b(?! (?:con|en|cerca|sin|asi de|comiendo|tomando|haciendo|trabajando|estudiando)\b)`,
    String.raw`\bno (?:quiero|deseo) (?:vivir|seguir viviendo|existir|estar vivo|estar viva|seguir aqui)\b(?= *$| (?:mas|asi|ya|nunca|porque|por que|me|no|y)\b)|\bno quiero (?:volver a )?despertar(?:me)?\b(?! (?:cansad\w*|temprano|tarde|con|a las|de noche|en la noche|sin|tan)\b)`,
    String.raw`\b(?:cansad[oa]s?|harto|harta|hartos) de (?:vivir|la vida|existir|estar vivo|estar viva)\b`,
    String.raw`\bya no (?:aguanto|puedo|soporto|resisto) mas\b(?= *$| (?:con (?:esta|mi|la) vida|la vida|esta vida|vivir|de vivir|quiero|me|no|y|estoy|por favor|ayuda|ayudame)\b)|\bno (?:aguanto|soporto|puedo con) (?:mas )?(?:esta|mi|la) vida\b`,
    String.raw`\b(?:estarian|estaria|estarias|vivirian|seria|serian|estariamos) (?:todos )?(?:mucho )?(?:mejor|mas felices|felices|tranquilos) sin mi\b|\bsoy (?:una|un) (?:carga|estorbo)\b|\b(?:estaria|estarian|estarias) mejor muert[oa]s?\b`,
    String.raw`\bnadie (?:me )?(?:va a |iba a |podria )?(?:extranaria|extranar|echaria de menos|echar de menos|notaria|lloraria|llorar|se daria cuenta)\b|\ba nadie le importaria si (?:me muero|muero|desaparezco|me mato)\b`,
  ),
  rule(
    'es-self-harm',
    'Spanish: self-harm and overdose: "me corto los brazos", "me hago daño a propósito", "tomé todas mis pastillas". Not "me corté el dedo cocinando", not "tomé todas mis vitaminas".',
    String.raw`\b(?=autolesi)(?<!\banos? sin |\b(?:que no|ya no|nunca) (?:me )?)autolesi\w*`,
    String.raw`\b(?=(?:me|se|te) )(?<!\b(?:ya no|junt[oa]s o|hace \w+ anos?|cuando era \w+|de (?:adolescente|chic[oa]|joven|nin[oa])) )\b(?:me|se|te) (?:corto|corte|cortaba|corta|cortan|cortas|he cortado|ha cortado|has cortado|han cortado|esta cortando|estoy cortando|estas cortando|estan cortando|he estado cortando|ha estado cortando|sigo cortando|sigue cortando|volvi a cortar|volvio a cortar|lastimo|lastime|lastima|lastimaba|he lastimado|ha lastimado|hago dano|hice dano|hace dano|hacia dano|quemo|queme|quema|golpeo)\b(?! (?:el|la|las|los|un|una|mi|mis) (?!(?:brazos?|piernas?|munecas?|muslos?|venas|piel|cuerpo|abdomen|estomago)\b))(?! (?:siempre |a veces |sin querer )?(?:al|cocinando|afeitandome|jugando|corriendo|entrenando|picando|cortando|pelando|rebanando|abriendo|lavando|en (?:el|la|los|las|mi|mis|un|una)|(?<=\bme (?:queme|corte) )con (?:la|el) (?:plancha|sarten|horno|olla|aceite|agua hirviendo|cafe|te|vapor|sol|estufa|parrilla|tostadora|secador|rizador))\b)(?! con (?:un|una|el|la) (?:hoja|papel|lata|abrelatas|vidrio roto|cristal roto|concha|rama|piedra)\b)(?! con (?:las|unas|la|una) tijeras? de (?:podar|jardin|cocina)\b)(?!(?<=\bcortaba)(?: \w+){0,2} (?:ya )?hace \w+ anos que no\b)`,
    String.raw`\b(?:sigo|sigue|siguen|volvi a|volvio a|estoy|esta|estan|he estado|ha estado|empece a|empezo a) (?:cortandome|cortandose|lastimandome|lastimandose|haciendome dano|haciendose dano|quemandome|quemandose|golpeandome)\b(?! (?:el|la|las|los|un|una|mi|mis) (?!(?:brazos?|piernas?|munecas?|muslos?|venas|piel|cuerpo|abdomen|estomago)\b))`,
    String.raw`\b(?:me|se|te) (?:hago|hace|hice|hizo|he hecho|ha hecho|hacia|sigo haciendo) (?:cortes|quemaduras|heridas)\b(?! (?:al|cocinando|afeitandome|jugando|corriendo|entrenando|picando)\b)`,
    String.raw`\b(?:me tome|tome|me he tomado|he tomado|me trague|trague|tragarme|tomarme|me voy a tomar|voy a tomar|me quiero tomar|quiero tomar|tomar|tomando|me tomo|ha tomado|se tomo|se trago) (?:todas|todos|toda|un frasco|una caja|un bote|un blister|una tira|el frasco|la caja|el bote|un monton|muchas|el resto|\d+|dos cajas|dos frascos|varias cajas) (?:entero |entera )?(?:de )?(?:mis |las |los |sus |tus )?(?:\w+ ){0,2}?(?:pastillas|pildoras|medicamentos|medicinas|tabletas|capsulas|antidepresivos|somniferos|calmantes|analgesicos|paracetamol|ibuprofeno|clonazepam|alprazolam)\b(?!(?: \w+){0,4} (?:con (?:el|la|comida|agua)|en (?:el|la) (?:desayuno|manana|comida|cena)|como (?:me )?(?:indico|indicaron|receto|recetaron))\b)`,
    String.raw`\b(?:tomar|tomarme|me tome|tome|tomo|hacer|hice|intente|intento|quiero|voy a|pienso en|planeo|sufri|tuve|me provoque) (?:una )?sobredosis\b(?! de (?:vitamina\w*|azucar|cafe|cafeina|magnesio|hierro|zinc|melatonina|proteina)\b)`,
    // Rules 1.2.0: the progressive and other forms ("llevo la semana cortándome", "me estoy lastimando otra
    // vez"), hurting oneself until bleeding or bruised, on purpose or to punish oneself, relapse, hiding or
    // explaining the marks. Not sunburn, cooking or sport; not "me estoy cortando el pelo".
    String.raw`\b(?:cortandome|cortandose|quemandome|quemandose|lastimandome|lastimandose|haciendome dano|haciendose dano|golpeandome|golpeandose)\b(?! (?:el|la|las|los|un|una|mi|mis) (?!(?:brazos?|piernas?|munecas?|muslos?|venas|piel|cuerpo|abdomen|estomago)\b))(?! (?:al|cocinando|afeitandome|jugando|corriendo|entrenando|picando|con (?:el|la) (?:sol|sarten|plancha|horno|olla)|en (?:el|la|los|las|un|una) (?!(?:brazos?|piernas?|munecas?|muslos?)\b))\b)`,
    String.raw`\bme (?:estoy|estaba|sigo|he estado|vuelvo a|volvi a) (?:lastimando|haciendo dano|cortando|quemando|golpeando|hacer dano|lastimar|cortar|quemar|autolesionar)\b(?! (?:el|la|las|los|un|una|mi|mis) (?!(?:brazos?|piernas?|munecas?|muslos?|venas|piel|cuerpo|abdomen|estomago)\b))(?! (?:al|cocinando|afeitandome|jugando|corriendo|entrenando|picando|con (?:el|la) (?:sol|sarten|plancha|horno|olla|aceite)|en (?:el|la|los|las|un|una) (?!(?:brazos?|piernas?|munecas?|muslos?)\b))\b)${ES_NOT_GROOMING}`,
    String.raw`\bvolv\w* a (?:cortarme|cortarse|hacerme dano|hacerse dano|lastimarme|lastimarse|quemarme|quemarse|autolesionarme|autolesionarse)\b${ES_NOT_GROOMING}|\b(?:me hice|hacerme|me hago|hice|recai en(?: el)?) sh\b|\brecai\w*\b(?: \w+){0,6} (?:dias|semanas|meses) (?:limpi[oa]s?|sin cortarme|sin hacerme dano)\b`,
    String.raw`\bhasta (?<=\bme (?:\w+ ){0,4}hasta )(?:sangrar|sacarme sangre|que (?:me )?sangr\w*|q sangr\w*|dejar(?:me|las|los)? (?:marcas|moradas?|morados?|moretones)|que se (?:ponen|pongan|queden) morad\w*|que (?:me )?(?:salen|salgan|queden|quedan) (?:moretones|marcas|morados)|sacarme moretones|que duele|que me duela)\b`,
    String.raw`\bme (?:corto|corte|quemo|queme|quemando|pego|pegue|pegando|golpeo|golpee|rasco|rascando|rasguno|rasgune|lastimo|lastime|muerdo|mordi|pellizco|pellizcando|clavo|clave|arano|arane|raspo|raspe|doy|di|dando)\b(?: \w+){0,6} (?:a proposito|para castigarme|para sentir (?:algo|dolor|otra cosa)|por castigo)\b|\bpara castigarme\b(?! con (?:ejercicio|el gimnasio|cardio)\b)`,
    String.raw`\bme (?:corto|quemo|lastimo|rasguno|pellizco|muerdo|raspe|raspo|clavo|arranco)\b(?: \w+){0,2} (?:la piel|los brazos|las piernas|los muslos|las munecas|las unas en)\b(?! (?:con (?:el|la) (?:sol|sarten|plancha|horno|olla|aceite)|al|jugando|cocinando)\b)|\bme (?:doy|di|estoy dando|estoy pegando|pego|pegando) (?:punetazos|cabezazos|golpes) (?:en|contra) (?:las|mis|la|el) (?:piernas|brazos|muslos|cabeza|pared|cara)\b|\bme (?:pego|golpeo|estrello) (?:la cabeza )?contra (?:la|el|las|los) (?:pared|paredes|volante|piso|suelo|puerta|espejo)\b|\bme muerdo (?:los|mis) (?:brazos|munecas|manos)\b`,
    String.raw`\b(?:tapar|tapo|tapa|taparlas|taparlos|esconder|escondo|ocultar|oculto|cubrir|cubro)\b(?: \w+){0,3} (?:las |mis |los )?(?:cicatrices|marcas|cortes)(?: (?:nuevas|nuevos|recientes|de (?:los|mis) (?:brazos|muslos|munecas|piernas)))\b|\bpara que no (?:vean|se vean|me vean|noten|se noten) (?:mis |los |las )?(?:brazos|munecas|muslos|cicatrices|cortes)\b|\bno quiero que (?:me )?vean (?:mis |los |las )?(?:brazos|munecas|muslos|cicatrices|cortes)\b|\bmanga larga\b(?: \w+){0,8} (?:grados|pleno verano|calor)\b`,
    String.raw`\b(?:digo|dije|le dije|les dije|les digo|le digo)\b(?: \w+){0,3} (?:que )?(?:fue|es|me arano|me rasguno|me mordio) (?:el gato|el perro|la gata|la perra|alergia|una alergia)\b|\bno fue el (?:gato|perro)\b|\bya no se (?:que|q) inventar\b|\b(?:lleno|llena|llenos|llenas) de (?:cortes|quemaduras)\b|\bautoinflig\w*|\b(?:cicatrices|cortes|marcas|heridas)\b(?: \w+){0,6} (?:me (?:las|los) hago yo|son mias)\b|\b(?:me alivia|me calma|me tranquiliza)\w* (?:es )?ver (?:sangre|mi sangre)\b|\bver (?:sangre|mi sangre) me (?:alivia|calma|tranquiliza)\b`,
    String.raw`\b(?:marcas|cicatrices) de (?:cortes|quemaduras)\b|\bcortes en (?:los|sus|mis) (?:brazos|munecas|muslos|piernas)\b|\bme (?:pega|pegaba|golpea|golpeaba) con (?:el|la|un|una) (?:cable|cinturon|chancla|palo|correa|manguera|cuchara)\b`,
    String.raw`\brecai\b(?= *$| (?:anoche|ayer|hoy|otra vez|de nuevo|en (?:lo|eso|el sh|los cortes|cortarme))\b)`,
    String.raw`\b(?:cicatrices|cortes) (?:nuevas|nuevos|frescos|frescas|recientes)\b`,
    String.raw`^(?=.*\b(?:cicatrices|cortes|marcas|moretones|heridas|quemaduras)\b).*\bpara que (?:\w+ ){0,2}no (?:vea|vean|se de cuenta|se den cuenta|sepa|sepan|pregunte|pregunten)\b`,
  ),
  spanishRule(
    'es-goodbye',
    "Spanish warning signs told without the words for death: goodbyes and last times, letters left behind, giving away one's things and pets, a will at a young age, not being around soon, others soon free of the writer, a plan (a date, a place, a time alone). Not an ordinary goodbye (moving, retiring, a last session), not giving things away because of a move or a baby, not a will at 70.",
    // A farewell: thanks or love together with an apology, a goodbye or a "don't look for me" (one alone is ordinary).
    String.raw`^(?=.*\b(?:agradec\w*|cuanto (?:los|las|te) quiero|(?:los|las|te) quise|gracias (?:por|x) (?:todo|aguantarme|escucharme|todo lo que)|los quiero|las quiero|te quiero|tqm|los quise|te quise|los amo|te amo|fue (?:lindo|bonito|un honor|un placer)|los voy a extranar|las voy a extranar|te voy a extranar|no me olviden|cuidense|cuida a (?:mi|mis)|no fue culpa de nadie|no es (?:tu|su) culpa)\b).*\b(?:perdon(?:ame|enme|en)? (?:por|de|a)|perdon (?:mami|mama|papa|ma|pa)|adios|chau|no me busquen|no me olviden|cuando (?:yo )?no (?:este|estemos)|lo que viene|hasta (?:aca|aqui) llegue|me voy tranquil[oa]|ultima vez|no fue culpa de nadie|no (?:es|fue) (?:tu|su) culpa|fuiste (?:lo mejor|la unica|el unico)|a todos|por si acaso|por si no (?:nos|los|te) (?:vemos|veo)|que me perdonen|sepan que|si manana no)\b`,
    String.raw`\b(?:adios|chau) a todos\b(?: \w+){0,6} (?:no me busquen|fue un honor|perdon\w*|gracias por todo)\b|\bno me busquen\b(?= *$)|\bhasta (?:aca|aqui) llegue\b|\bperdon por lo que viene\b|\bsi alguien lee esto (?:despues|cuando)\b|\bno fue culpa de nadie\b`,
    String.raw`\b(?:ver|verlos|verlas|verte|verla|verlo|escuchar|abrazar|abraze|abrace|hablar|llamar|despedirme|visitar|mirar)\b(?: \w+){0,5} (?:por|una) ultima vez\b|\b(?:no sabe|no saben|sin saber|sabiendo|se) que (?:es|sera|va a ser) (?:la|mi) ultima (?:vez|visita|noche|cena|charla|llamada)\b|\b(?:es hora|ya es hora|llego la hora|quiero|necesito) (?:de )?despedirme\b(?! (?:de (?:mi|mis|la|el|los|las) (?:equipo|trabajo|companer\w*|alumn\w*|pacientes|clase|ciudad|casa|barrio|jefe)|por (?:hoy|ahora|un tiempo))\b)|\bya me (?:he )?despedi de (?:casi )?(?:todos|todas|mis amig\w*|mi familia|ustedes)\b|\b(?:despedirme|despedirse)\b(?: \w+){0,6} sin que (?:se )?(?:de|den|diera|dieran) cuenta\b|\bme despedi\b(?: \w+){0,4} sin que se (?:dieran|diera|den|de) cuenta\b`,
    String.raw`\b(?:carta|cartas|nota|notas|mensaje|mensajes)\b(?: \w+){0,10} (?:en (?:el|la|mi|su) (?:\w+ )?(?:buro|cajon|almohada|mesa|mesita|mesa de luz|escritorio|heladera|nevera|ropero|placard|cama|mochila))\b|\b(?:mensajes?|correos?|mails?) programados?\b|\b(?:carta|cartas)\b(?: \w+){0,6} (?:y (?:despues )?ya esta|y listo|para cuando (?:yo )?no este)\b|\b(?:mande|mando|dejo|dejo|publico|escribio|subio|puso|dejaron|mandaron) (?:un |una |el |la )?(?:mensaje|carta|comentario|post|publicacion|video|audio|nota)(?: \w+){0,2} de despedida\b|\b(?:cuando|cuand) (?:yo )?ya no pueda decirlo\b`,
    // Giving away one's things, pets and savings; a will at a young age.
    String.raw`\b(?:ya )?(?:reparti|repartiendo|repartir|regale|regalando|regalar|done|donando|di|deje|vendi) (?:casi )?(?:todas? )?(?:mis cosas|todo lo mio|todo lo que tenia|toda mi ropa|mi ropa|mis pertenencias|todas mis cosas|todo a|todo lo de valor|mis cosas de a poco)\b(?!(?: \w+){0,6} (?:porque me (?:mudo|voy a vivir|cambio)|me mudo|mudanza|de bebe|de embarazada|embarazada|bebe))|\bestoy regalando (?:todo|mis cosas)\b(?! de (?:bebe|embarazada|nino|nina)\b)|\ba quien le toca cada cosa\b|\bquien se queda con (?:mis cosas|que|cada cosa)\b`,
    String.raw`\b(?:regale|regalo|regalando|di|dio|doy|regalo|reparti|repartio|donar|done)\b(?: \w+){0,2} (?:mi|mis|su|sus) (?:perro|perra|gato|gata|gatos|perros|mascota|mascotas|guitarra|anillo|joyas|videojuegos|play|bici|coleccion|pinceles|cuadros|laptop|compu|zapatillas|plantas|libros|discos|ropa)\b(?! de (?:bebe|embarazada|nino|nina|maternidad)\b)(?:(?: \w+){0,8} (?:ya no|no me va|no voy|no la|no lo|no sabe|se puso|me pregunto|para que|total|sin decir|no contesta|y su|eso es normal))`,
    String.raw`\b(?:ya )?(?:le )?(?:encontre|consegui|busco) (?:casa|dueno|hogar|familia|alguien que adopte) (?:nuev[oa] )?(?:a|para) (?:mi|mis) (?:perro|perra|gato|gata|gatos|perros|loro|conejo|peces|pez|hamster|mascota|mascotas)\b|\b(?:mi|mis) (?:perro|perra|gato|gata|gatos|perros|loro|conejo|peces|pez|hamster|mascota|mascotas) ya tienen? (?:dueno|casa|hogar) nuevo\b|\bno (?:voy|vaya) a poder cuidarl[oa]s? (?:mas|nunca)\b|\bno (?:lo|la|los|las) (?:voy|vaya) a poder (?:tener|cuidar)\w* (?:mas|nunca)\b(?! (?:de|que|porque me mudo)\b)|\bse (?:quede|encargue|haga cargo) (?:con|de) (?:mi|mis) (?:perro|perra|gato|gata|gatos|perros|loro|conejo|peces|hijos|mascota)\b(?: \w+){0,3} cuando (?:yo )?(?:falte|no este|ya no este)\b|\bno se a quien dejarle (?:a )?(?:mi|mis)\b`,
    String.raw`^(?=.*\btestamento\b)(?=.*\b(?:tengo|a los|con) (?:1[2-9]|2[0-9])\b)|\b(?:cuando|si) (?:yo )?(?:ya )?(?:falte|no este|no estoy|ya no este)\b(?: \w+){0,3}(?: tengo (?:1[2-9]|2[0-9]))?`,
    // Not being around soon; others soon free of the writer.
    String.raw`\b(?:ya )?no (?:voy a|vaya a|pienso|creo que voy a) estar\b(?= *$| (?:mucho mas|mucho tiempo|para (?:mi|el|la|ese|cuando|verl\w*|navidad|el verano)|aca|aqui|asi que|total|cuando|despues|mas|porque|y)\b)(?! (?:para (?:el|la) (?:reunion|cena|clase|cita|turno|consulta|entrega|partido))\b)|\btotal (?:ya )?no voy a estar\b|\bcuando (?:ustedes )?vuelvan\b(?: \w+){0,4} ya no (?:voy a )?estar\b`,
    String.raw`\bno (?:voy a|pienso) llegar(?= *$| (?:a (?:navidad|ano nuevo|mi cumple\w*|fin de ano|el verano|la graduacion|marzo|diciembre|verl\w*))\b)|\bno voy a llegar\b(?= *$)`,
    String.raw`\b(?:ya no|pronto ya no|pronto no|dejar de|dejare de|voy a dejar de) (?:voy a )?(?:ser|sere) (?:(?:un|una|la|el) (?:problema|carga|estorbo|molestia|peso)\b|(?:problema|carga|estorbo|molestia) (?:de|para) nadie\b)|\b(?:se van a|van a poder|vas a poder|se va a) librar de mi\b|\bya nadie (?:va a tener|tendra) que (?:preocuparse|cuidarme|aguantarme|soportarme)\b|\bno me van a tener que (?:ver|aguantar|soportar|cuidar)\b|\b(?:ultima|ultimo) (?:semana|vez|dia|noche|mes) que me (?:van|vas) a (?:tener que )?(?:aguantar|soportar|ver)\b|\b(?:pronto|dentro de poco) (?:no )?(?:nos|los|les|te|me)? ?(?:va|voy) a molestar\b|\bya no (?:voy|va) a molestar (?:mas|nunca)\b`,
    String.raw`\b(?:todo (?:esto )?(?:se )?(?:termina|acaba|termine|acabe|va a terminar|va a acabar|se va a acabar)|se (?:termina|acaba|terminara|acabara|va a terminar|va a acabar) todo) para mi\b|\bme quedan? pocos dias (?:aca|aqui|en este mundo)\b|\ba esta hora ya (?:todo )?(?:va a estar|estara) (?:resuelto|terminado|listo)\b|\bpara (?:el|la|este|esta) \w+ ya no importa(?:ra)? nada\b|\bdespues (?:de este|del|de esta) \w+ (?:ya )?nadie\b|\bno (?:me|lo|la) (?:van|vamos|vas|va) a (?:volver a )?ver (?:mas|nunca)\b(?! (?:por aqui|por aca|en (?:el|la) (?:gym|gimnasio|trabajo|oficina|clase|grupo|club))\b)|\bnunca mas me van a ver\b`,
    // A plan: a date, a place, a time alone, a decision and the means.
    String.raw`\bya (?:se|tengo pensado|decidi) (?:como y cuando|cuando y como|donde y cuando|cuando y donde)\b|\bya (?:elegi|tengo|escogi|decidi|mire|se) (?:el lugar|la fecha|el dia|la hora|el metodo|el edificio|el puente|cual es el edificio)\b(?! (?:para|de|del) (?:la |el |mi )?(?:boda|fiesta|cumple\w*|viaje|vacaciones|cita|reunion|operacion|cirugia|parto|mudanza|examen|entrega|turno|casamiento)\b)|\b(?:estar sol[oa]|quedarme sol[oa])\b(?: \w+){0,4} para hacerlo\b|\b(?:voy a estar|estare|me quedo) sol[oa]\b(?: \w+){0,3} (?:ahi|entonces|ese dia|esa noche) lo hago\b|\blo (?:hago|voy a hacer)\b(?: \w+){0,6} (?:cuando (?:\w+ ){0,3}(?:salga|salgan|se vaya|se vayan|no haya nadie|no este nadie)|para no arruinar\w*)\b`,
    String.raw`^(?=.*\b(?:ya no hay vuelta atras|ya lo decidi|lo tengo (?:todo )?pensado|ya tengo todo|tengo todo listo|tengo todo preparado|ya lo tengo decidido)\b).*\b(?:puente|vias|pastillas|soga|carta|cartas|edificio|azotea|acantilado|escopeta|pistola|arma|rio|manana temprano|esta noche)\b|\b(?:me voy|voy|ire|salgo)\b(?: \w+){0,4} (?:al|a las|a la|para la|para el) (?:rio|puente|vias|acantilado|monte|playa del acantilado)\b(?: \w+){0,4} (?:y no (?:vuelvo|regreso|volvere)|gracias por todo|ya lo decidi|con (?:el auto y )?las pastillas)\b|\b(?:voy|ire|me voy) (?:a ir )?(?:al puente|a las vias|a la via del tren|a la azotea|al acantilado)\b`,
    String.raw`\b(?:mi|su|este es mi|esta es mi|esta es su) (?:ultimo|ultima) (?:mensaje|carta|publicacion|post|audio|video|partida|noche)\b(?! (?:del|de|en|antes|con|a)\b)`,
    String.raw`\bmi despedida\b(?! (?:de (?:soltera|soltero|la empresa|del trabajo|la oficina)|del trabajo)\b)|\b(?:me estoy despidiendo|me despido|me he despedido|ya me despedi|despidiendome|(?<!\b(?:protagonista|personaje|heroe|actor|actriz|pelicula|serie|novela) )se despide|(?<!\b(?:protagonista|personaje|heroe|actor|actriz|pelicula|serie|novela) )se despidio|se esta despidiendo) de (?:todos|todas|casi todos|ustedes|la gente|cada uno|sus amigos|mis amigos|su familia|mi familia)\b`,
    String.raw`\b(?:perdon|perdoname|perdonenme|perdonen|pedi perdon|pido perdon|que (?:la|lo|me) perdonen)\b(?: \w+){0,4} (?:por todo|a todos|por lo que|por no ser|por ser|los que)\b`,
    String.raw`\b(?:borrando|borre|borro|borrar) (?:todas )?(?:mis|sus) fotos y (?:mis|sus) (?:redes|cuentas)\b|\bborr\w* todas (?:sus|mis) fotos\b|\brecuerdenme (?:en|con|como|feliz|felices|asi|bien)\b|\bno (?:quiero|quisiera) que (?:lloren|me lloren|sufran por mi|esten tristes)\b`,
    String.raw`\bno me queda nada pendiente\b|\blo ultimo que me faltaba\b|\bsolo (?:me )?falta una cosa\b(?= *$)|\b(?:ya )?(?:deje|dejar|dejando|tengo|esta) todo (?:en orden|listo|ordenado|arreglado)\b(?! (?:para (?:el|la|mi|los|las) (?:viaje|mudanza|fiesta|boda|cirugia|operacion|parto|examen|vacaciones|bebe|lunes|cena)|antes de (?:la|el|mi) (?:cirugia|operacion|parto|viaje))\b)`,
    String.raw`\b(?:cuando|si) (?:yo (?:ya )?|algun dia (?:yo )?|ya )(?:falte|no este|no estoy|no estuviera)\b|\bcuando (?:yo )?falte\b`,
    String.raw`^(?=.*\b(?:regal\w*|reparti\w*|done|donando|di|deje|le pase|pase todo|se las di|se lo di|vendi|cerre)\b)(?!.*\b(?:embarazada|bebe|cuna|carrito|me mudo|mudanza|me voy a vivir|otro pais|me jubilo|gimnasio|ya no la uso desde)\b).*\b(?:(?:ya )?no (?:la|lo|las|los|me|le) (?:necesito|voy a (?:necesitar|usar)|hace falta|va a hacer falta)|(?<!\bporque )ya no (?:la|lo|las|los) uso|sin decir\w* (?:por que|para que|nada)|a mi ya no me|ya no me sirve\w*|total ya fue|no (?:me )?(?:va|van) a hacer falta|no sabe (?:por que|porque|para que)|no entendio|sin decirle para que|de a poco|ya no voy a (?:usar|necesitar|pintar|tocar|jugar)|casi vacio|solo me queda lo puesto|me quede con nada)\b`,
    String.raw`\bya no voy a tener que (?:aguantar|soportar|sufrir|pasar|vivir)\b|\b(?:ya no|no) (?:me|le) queda nada\b(?! (?:de|en|para comer|en la heladera)\b)|\bno sirvo para nada\b|\bdice que no sirve para nada\b|\b(?:listo|lista|preparad[oa]) para irse\b(?! (?:de|a|al)\b)|\b(?:se quiere|me quiero|quiere|quiero) ir(?:me|se)? con (?:mi|su) (?:\w+ )?(?:tia|tio|esposa|esposo|mama|papa|hijo|hija|abuela|abuelo|marido|mujer)\b(?= *$| (?:que|al cielo|alla|arriba)\b)`,
    String.raw`^(?=.*\b(?:no (?:contesta|responde|atiende)|no (?:la|lo) (?:encontramos|encuentro)|apago el (?:celular|telefono)|se fue sin (?:celular|decir|avisar)|sin decir a donde)\b)(?=.*\b(?:carta|despedida|perdon\w*|los quiere|regalo|pastillas|puente|arma|ya no aguanta|gracias por todo|se despidio|se despide)\b)`,
    String.raw`^(?=.*\ba las \d+\b).*\bcuando (?:todos|todas) (?:duerman|se duerman|se hayan ido|se vayan|salgan)\b|\bya tengo todo(?: listo| preparado)?(?= *$)|\b(?:ya )?escribi (?:las|mis) cartas\b(?! de\b)|\bcobrari\w* el seguro\b`,
    String.raw`^(?=.*\b(?:intento|internad[oa]|me sacaron de|sobredosis|la ultima vez que|la vez pasada|antes del intento|el alta)\b)(?!.*\b(?:estoy bien|estoy sana|estoy sano|estoy feliz|ya estoy bien|hoy estoy bien)\b).*\b(?:volvi\w*|vuelve\w*|vuelven|vuelvo|de nuevo|otra vez|igual que|lo mismo|exactamente igual|esta volviendo|no se si lo puedo)\b`,
    String.raw`\b(?:ya|pronto) no (?:voy a estar|estare|va a estar|estara)\b(?! (?:en (?:el|la|los|las) (?:grupo|trabajo|oficina|clase|equipo|empresa|ciudad|pais|club|gym|gimnasio)|disponible|de (?:vacaciones|viaje|guardia)|trabajando|conectad\w*)\b)|\bno voy a estar (?:mucho (?:mas|tiempo)|por mucho)\b|\by no (?:vuelvo|regreso|volvere|voy a volver)(?= *$| (?:nunca|mas|jamas)\b)|\bya nada importa\b|\bnada de esto (?:importa|va a importar)\b`,
    String.raw`\badios (?:para siempre|mundo|a todos|a todas|a la vida)\b(?!(?: \w+){0,5} (?:nos vemos|hasta (?:el|la|enero|manana|pronto)|feliz)\b)|\b(?:esta|hoy) (?:noche )?(?:es|va a ser|sera) (?:la|mi) ultima (?:noche|vez)\b(?! (?:en|de|con|del|que (?:voy|vengo|como|tomo|pago|hago))\b)|\bya lo tengo (?:todo )?(?:planeado|decidido)(?= *$)`,
    String.raw`^(?=.*\b(?:regal|repart|don)\w* (?:todas )?(?:mis|sus) (?:cosas|pertenencias)\b)(?!.*\b(?:de (?:[6-9]\d|1\d\d)|en vida|me mudo|mudanza|se muda|me voy a vivir|otro pais|embarazada|bebe)\b)`,
    String.raw`^(?=.*\b(?:regal\w*|dar en adopcion|doy en adopcion|busco (?:casa|hogar|dueno|familia|quien adopte|alguien que adopte)|encontre (?:casa|hogar|dueno))\b(?: \w+){0,3} (?:a |para )?(?:mi|mis) (?:perro|perra|gato|gata|gatos|perros|loro|conejo|peces|pez|hamster|mascota|mascotas|tortuga|canario)\b)(?!.*\b(?:me mudo|mudanza|se muda|me voy a vivir|alergi\w*|otro pais|vacaciones|de viaje|embaraz\w*)\b)`,
    String.raw`\bhabla (?:mucho |todo el tiempo |seguido |siempre )?de (?:morir\w*|matarse|desaparecer|irse para siempre|no estar|que no va a estar)\b`,
    String.raw`\blo siento (?:mucho )?por todo\b|\bcuid\w* (?:a|de) (?:mi|mis) \w+ (?:por mi|cuando (?:yo )?(?:ya )?no este)\b|\b(?:miedo|preocupa|temo|creo|pienso|no quiero) (?:de |a )?que (?:el |ella )?(?:se )?(?:haga|vaya a hacer|pueda hacer|intente hacer) (?:algo|una locura)\b`,
    String.raw`\bya no (?:les|te|le|me) voy a (?:dar|causar|traer) (?:mas )?(?:problemas|trabajo|molestias|preocupaciones|disgustos)\b|\b(?:va|van|vas) a tener que (?:aguantarme|soportarme|cuidarme)\b(?: \w+){0,2} (?:mucho|mas)\b|\baguantarme mucho (?:tiempo )?mas\b`,
    String.raw`^(?=.*\bquien se quede con (?:mi|mis) (?:perro|perra|gato|gata|gatos|perros|loro|conejo|peces|pez|hamster|mascota|mascotas|tortuga|canario)\b)(?!.*\b(?:vacaciones|viaje|de viaje|mientras|me mudo|mudanza|semanas|dias|alergi\w*)\b)`,
    String.raw`\b(?:escribi|deje|dejo|estoy escribiendo|escribo) (?:unas |las |mis )?cartas (?:para|a) (?:mis|cada uno|cada una|todos) ?(?:de mis )?(?:hijos|hijas|papas|padres|hermanos|hermanas|amigos|amigas|familia)?\b(?! (?:de|por|para) (?:navidad|cumpleanos|reyes|san valentin|el dia|la escuela|recomendacion)\b)`,
    String.raw`^(?=.*\b(?:adopte|adopten|se quede con|se queden con|cuide|cuiden)\b(?: \w+){0,3} (?:a )?(?:mi|mis) (?:\w+ )?(?:perro|perra|gato|gata|gatos|perros|loro|conejo|peces|pez|hamster|mascota|mascotas|tortuga|canario)\b(?: \w+){0,6} (?:urgente|ya mismo|cuanto antes|esta semana|antes del \w+|tiene que ser ya|me urge)\b)(?!.*\b(?:vacaciones|viaje|de viaje|mientras|me mudo|mudanza|alergi\w*|gatitos|cachorros|crias)\b)`,
    String.raw`\bno (?:creo que )?(?:llegue|voy a llegar|pienso llegar|llego) a (?:mi cumple\w*|navidad|ano nuevo|fin de ano|el verano|la graduacion|ver (?:el|la|a))\b`,
  ),
  spanishRule(
    'es-means',
    'Spanish: the means at hand and dwelling on them: pills saved up, hidden or counted, "how many" to not wake up, a gun, a rope or a blade kept and looked at, a bridge, tracks or a rooftop lingered on. Not a grandparent\'s pill box, not storing medicines safely, not a rope for the clothes line.',
    String.raw`\b(?:juntando|juntar|junte|junto|juntarlas|juntarla|juntarlos|acumulando|acumular|acumule|ahorrando|guardando|escondiendo)\b(?: \w+){0,4} (?:pastillas|pastis|medicacion|medicamentos|medicinas|somniferos|antidepresivos|calmantes|pildoras|tabletas|las de dormir)\b(?!(?: \w+){0,4} (?:en el (?:bano|botiquin)|para (?:que|los) (?:los )?(?:nin|niet|chic)\w*|de forma segura|lejos de)\b)|\bpara (?:juntarla|juntarlas|juntarlos)\b|\b(?:las|los) (?:esta|estoy|estan) juntando\b|\bsolo tengo que juntarl[ao]s\b|\ben vez de tomarl[ao]s?\b|\b(?:pastillas|pastis|medicacion) (?:\w+ ){0,2}juntas\b`,
    String.raw`\b(?:conte|cuento|contando|conto|contar|cuenta)\b(?: \w+){0,2} (?:pastillas|pastis|pildoras|somniferos)\b(?! (?:del|de su|de mi) (?:pastillero|abuel\w*)\b)(?! para (?:saber|pedir)\b)|\b(?:las|los) (?:cuento|conte) (?:todas|todos|otra vez|cada noche|cada dia)\b|\blas conte otra vez\b|\bme alcanzan\b(?= *$)`,
    String.raw`\bcuant[oa]s\b(?: \w+){0,6} (?:para (?:no despertar\w*|no levantar\w*|no volver a despertar\w*|morir\w*|matar\w*|no sobrevivir|quitarme la vida|dormir para siempre)|(?:necesito|hacen falta|se necesitan) segun mi peso)\b(?! (?:cansad\w*|con|de noche|a las|temprano|tarde)\b)|\b(?:se|me) toma (?:toda|todo|todas) (?:la caja|el frasco|el blister|las pastillas)\b|\btoda la caja de \w+ de (?:una|golpe)\b|\b(?:me tomo|tomarme|me trago|tragarme|me voy a tomar|tomo) todas las que (?:junte|tengo|me quedan|guarde)\b|\bsi mezclo\b(?: \w+){0,4} (?:alcohol|pastillas|pastis)\b(?: \w+){0,8} (?:suficiente|alcanza|bastan?)\b|\bencontre\b(?: \w+){0,3} cuant[oa]s necesito\b|\bse exactamente cuant[oa]s necesito\b`,
    String.raw`^(?=.*\b(?:arma|armas|pistola|escopeta|revolver|rifle|navaja|cuchillo|soga|cuerda|cinturon|veneno|frasco|hoja de afeitar|gillette|cutter)\b).*\b(?:no (?:puedo|paro de) (?:dejar de pensar|pensar|abrir|mirar)|pienso en (?:usarla|usarlo)|usarla conmigo|usarlo conmigo|me dan ganas|(?:con ella|con el|la tengo|lo tengo) en las manos|en las manos|la saco y la miro|la miro|me da calma|no es para (?:cocinar|defenderme|nada de la casa|nada en especial|la casa)|por si acaso|en la mano ahora|debajo de la almohada|no paro de abrir)\b`,
    String.raw`\b(?:tengo|tiene|compre|compro|guardo|guarda|guardada|guardado|escondida|escondido) (?:una |la |el |mi )?(?:soga|cuerda|cinturon)\b(?: \w+){0,4} (?:en (?:el|la|mi) (?:placard|ropero|armario|cajon|mochila)|guardad[oa]|escondid[oa]|por las dudas|por si acaso|que mi \w+ no conoce|y no es para)\b|\btengo guardad[oa] (?:el|la|una|un) (?:cinturon|soga|cuerda|navaja|cuchillo)\b|\bya se donde (?:guarda|esta|estan|tiene|guardan)\b(?: \w+){0,4} (?:veneno|la pistola|el arma|la escopeta|las pastillas)\b|\btengo (?:el frasco|las pastillas|la soga|el arma|la pistola|la navaja)\b(?: \w+){0,2} (?:en la mano|en las manos|listas?|preparad\w*)\b`,
    String.raw`^(?=.*\b(?:puente|vias?|tren|metro|azotea|terraza|balcon|acantilado|borde|precipicio|edificio|octavo|piso \d+)\b).*\b(?:me quedo (?:parad[oa] )?(?:mirando (?:para|hacia) abajo|parad[oa] pensando|mirando las vias|mirando el agua)|me quede sentad[oa] en el borde|sentad[oa] en el borde|lo facil que seria|me acerco (?:un poco )?mas|me asomo|no me anime todavia|no me animo todavia|siempre en mi cabeza|mirando para abajo|de ida y vuelta)\b|\bcuant[oa]s (?:metros|pisos)\b(?: \w+){0,6} (?:no sobrevivir|morir|matarse|matarme)\b`,
    String.raw`\b(?:pastillas|pastis|medicamentos|somniferos) (?:\w+ ){0,3}escondid[oa]s\b(?! (?:de|para que)\b)|\bescondid[oa]s? (?:\w+ ){0,2}(?:pastillas|pastis|somniferos)\b|\blo tengo escondido\b`,
    String.raw`\bcuant[oa]s (?:pastillas|pastis|pildoras) (?:se necesitan|hacen falta|necesito)\b(?! para (?:dormir|el dolor|la fiebre|bajar|la semana|el mes)\b)|\bdonde (?:esta|estan|guarda\w*|tiene) (?:la|el|las|su|mi) (?:escopeta|pistola|arma|soga|veneno)\b|\bpara que no sospechen\b`,
    String.raw`\btengo (?:\w+ ){0,2}(?:pastillas|pastis|somniferos|una soga|una cuerda|un arma|una pistola|veneno)\b(?: \w+){0,4} (?:guardad\w*|escondid\w*|listas?|preparad\w*|por si acaso|por las dudas|juntas)\b(?! (?:en (?:el|la) (?:botiquin|cocina|bano|cajon de los remedios)|para (?:el|la) (?:dolor|fiebre|cabeza|migrana|viaje))\b)`,
    String.raw`\b(?:pienso|pensando|penso|pense|no dejo de pensar) (?:mucho |todo el tiempo |siempre )?en (?:el puente|las vias|la azotea|las pastillas|el arma|la pistola|la soga|saltar|tirarme|el tren|el balcon)\b(?! (?:anticonceptiv\w*|de la presion|para (?:dormir|el dolor))\b)`,
    String.raw`\bcompre (?:una soga|una cuerda|veneno|un arma|una pistola|carbon|muchas pastillas|varias cajas)\b(?!(?: nuev[oa]s?| resistente)? para (?!(?:mi|colgar(?:me)?|ahorcar(?:me)?|hacerlo|eso|lo que)\b))`,
    String.raw`\btengo (?:guardad|escondid|juntad)\w* (?:las |mis |unas |muchas |un monton de )?(?:pastillas|pastis|somniferos|medicamentos|calmantes)\b(?! (?:en (?:el|la) (?:botiquin|cocina|bano|heladera)|para (?:el|la|los) (?:viaje|dolor|fiebre))\b)`,
    String.raw`^(?=.*\b(?:arma|armas|pistola|escopeta|revolver|rifle)\b).*\b(?:(?:lo|la) (?:saco|miro|toco|agarro|tengo en la mano)|a mirarl[oa]|mirarl[oa]|pienso en (?:ella|el|usarl[oa])|pensando en (?:ella|el|usarl[oa])|cuando estoy sol[oa])\b|^(?=.*\b(?:cuerda|soga|pastillas|puente|vias|arma|pistola|revolver|escopeta|azotea|terraza|balcon)\b).*\b(?:falta animarme|no me (?:animo|anime)|juntar (?:valor|coraje))\b|\b(?:azotea|terraza|balcon|puente|edificio|techo)\b(?: \w+){0,8} (?:en el borde|al borde|me (?:quedo|quede) (?:\w+ )?(?:mirando|viendo) (?:el agua|el vacio|para abajo|hacia abajo|las vias|el rio))\b`,
  ),
  spanishRule(
    'es-ending-it',
    'Spanish: wanting the pain or everything to stop for good, sleeping and not waking, disappearing off the map, leaving this world, "ponerle fin", "acabar con esto", burden and hopelessness with a decision made. Not a toothache or hiccups that should stop, not "dormir hasta el lunes", not leaving a WhatsApp group, not "acabar con el acné".',
    String.raw`\bque (?<=\b(?:quiero|quisiera|ojala|deseo|necesito|lo unico que quiero es)(?: \w+){0,5} que )(?:se )?(?:acabe|termine|apague|pare|calle) (?:todo|de una vez)\b|\bque (?<=\b(?:quiero|quisiera|ojala|deseo|necesito|lo unico que quiero es)(?: \w+){0,5} que )(?:todo|todo esto|esto|el dolor|este dolor|la vida|mi vida)(?: por dentro)? (?:se )?(?:acabe|termine|pare|apague|se apague|calle)\b(?:(?<=\besto (?:se )?(?:acabe|termine|pare|apague|calle))(?= (?:de una vez|para siempre|aunque sea|y lo voy a hacer)))?(?!(?<=\besto (?:se )?(?:acabe|termine|pare|apague|calle))(?! (?:de una vez|para siempre|aunque sea|y lo voy a hacer)\b))|\bque se acabe(?<=\b(?:quiero|quisiera)(?: \w+){0,3} que se acabe)(?= (?:todo|de una vez)\b)|\bque (?:alguien )?me apague\b|\bapagarme\b`,
    String.raw`\b(?:el|este) dolor(?: por dentro)? (?:pare|se acabe|termine)\b(?: \w+){0,2} (?:para siempre|de una vez|aunque sea)\b|\b(?:silencio|descanso|sueno) (?:\w+ )?que no se (?:acabe|termine)\b|\b(?:irme|ir|vaya|voy|irse) de este mundo\b|\birme (?:a dormir )?para siempre\b(?! (?:de|a|al)\b)|\bdormir(?:me)? para siempre\b|\bbajar(?:me)? del mundo\b|\bquitar(?:me)? del medio\b|\bdesviv\w*|\bhacer una locura\b|\bborrar(?:me)? del mapa\b|\bdesaparecer del mapa\b(?! (?:una|un|por|unos|unas|hasta|este|esta)\b)`,
    String.raw`\b(?:dormir|dormirme|quedarme dormid[oa]|acostarme|cerrar los ojos)\b(?: \w+){0,4} y no (?:despertar\w*|volver|levantarme)\b(?! (?:hasta|antes|temprano|tarde|a las|en todo|el fin|cansad\w*)\b)|\b(?:pido|pidiendo|rezo|ruego|deseo|ojala|quisiera)\b(?: \w+){0,4} (?:no (?:amanecer|despertar\w*|me despierte|despierte|levantarme|me levante|volver a despertar)|sea la ultima (?:noche|vez))\b(?! (?:con|tan|a las|temprano|cansad\w*)\b)|\brez\w* (?:para )?que (?:el avion se caiga|me pase algo|me atropelle)\b|\bojala me pase algo\b|\besperando que (?:me )?pase algo\b|\bdejar de sentir(?= *$| (?:todo|nada|esto|ya|por)\b)|\b(?:sueno con|paz que veo es|salida es|solucion es) no (?:existir|estar)\b|\benvidia (?:a )?la gente que se muere\b`,
    String.raw`\b(?:ponerle|ponerles|le pongo|le voy a poner|poner|pongo) (?:fin|punto final) a (?:todo|esto|mi vida|todo esto|mi sufrimiento|mi existencia|mi dolor)\b(?!(?<=\btodo) (?:el|la|los|las|lo|de|este|esta|mi|mis)\b)|\b(?:le pongo|ponerle|le voy a poner) (?:fin|punto final)(?= *$| (?:hoy|esta noche|ya|de una vez)\b)|\b(?:acabo|acabar|acabare|terminar|termino|acabe|lo termino) con (?:esto|todo esto|mi vida|mi sufrimiento|mi existencia)(?= *$| (?:de una vez|ya|hoy|esta noche|para siempre|y)\b| de la unica| como sea)|\bhoy es el dia (?:en )?(?:que|q) (?:acabo|termino con|me bajo|lo hago|me despido)\b|\bsi no cambia nada\b(?: \w+){0,4} lo termino\b`,
    String.raw`\bsin mi (?:(?:mi|mis|su|sus|la|el|los|las) \w+ |todos |ellos |ellas |se |todo |nadie )?\w+(?:ria|rian)\b|\b(?:mejor|mejores|mas tranquil\w*|mas feliz|mas felices|felices|tranquil\w*) (?:\w+ ){0,3}sin (?:mi|el|ella)(?= *$| (?:y|que|de|no|ya|asi|porque|pero|se|todos)\b)|\b(?:somos|estamos|estarian|estariamos|serian|seriamos|estaria|seria|vivirian|viviriamos|iria|irian) (?:todos )?(?:mejor|mejores|mas felices|felices) sin (?:mi|el|ella)\b|\bsi (?:yo )?(?:ya )?no (?:estuviera|existiera|hubiera nacido)\b|\bsi (?:yo )?(?:desapareciera|me muriera|muriera)\b|\bsi manana no aparezco\b|\bmejor que no (?:este|existiera|estuviera)\b`,
    String.raw`\bsoy (?:un|una) (?:peso muerto|gasto|problema|molestia)\b|\b(?:no soy mas que|solo soy) (?:un|una) (?:carga|estorbo|gasto|problema|molestia|peso)\b|\bles estorbo\b|\bel problema de todos\b|\bsolo (?:le |les )?(?:traigo|doy|causo) (?:problemas|trabajo|dolor|sufrimiento|preocupaciones)\b|\bsufre\w* por mi culpa\b|\besperan que me vaya\b|\brobo el aire\b|\ble arruino la vida\b|\bsoy la razon (?:por la )?que\b`,
    String.raw`\b(?:la unica|solo veo una|solo hay una|una sola|la unica puerta|una unica) (?:salida|puerta)\b(?! (?:de emergencia|es (?:hablar|pedir|ir|buscar|la terapia))\b)|\bno (?:hay|veo|tengo|encuentro) (?:otra )?salida\b(?! (?:de (?:emergencia|incendios|auto\w*)|al (?:patio|jardin|mar))\b)|\bcallejon sin salida\b|\bya se cual es mi (?:unica )?(?:opcion|salida|solucion)\b|\bya (?:tome|he tomado|tengo tomada) (?:una|la) decision(?= *$)|\b(?:hice las paces|en paz|tranquil[oa]) con lo que (?:viene|voy a hacer|va a pasar|decidi)\b|\b(?:no pienso|no quiero|ya no voy a|no voy a) seguir (?:luchando|peleando|intentando)\b|\bpara que seguir\b(?! (?:con|tomando|haciendo|intentando|pagando|yendo|estudiando)\b)|\bya no tengo fuerzas (?:para )?(?:nada|ni para seguir|para seguir|para esperar|para vivir|para luchar)\b|\bya no voy a intentar (?:mas|nada)\b(?! con\b)|\bya no busco ayuda\b|\besta vez no salgo\b|\bno tengo futuro y\b|\bya no (?:le )?veo sentido a (?:quedarme|seguir|vivir|nada)\b|\besto no tiene arreglo\b(?: \w+){0,4} decision\b`,
    String.raw`\bque\b(?: \w+){0,6} (?:se )?(?:acabe|termine|apague|pare|calle) (?:de una vez (?:y )?para siempre|para siempre|aunque sea de la peor manera)\b|\bterminar mi historia\b`,
    String.raw`\bnada va a cambiar\b|\bno (?:tengo|veo) (?:ningun )?futuro\b(?! (?:en|como|con|laboral|profesional|a la relacion)\b)|\bya me rendi\b(?! con\b)|\bno tiene sentido seguir\b(?! (?:con|tomando|haciendo|intentando|yendo|pagando)\b)|\bsiento que (?:sobro|estorbo)\b|\bles (?:arruino|amargo) la vida\b|\bser una carga\b|\bya no quiero estar (?:mas )?(?:aca|aqui|en este mundo)\b|\bya no (?:quiere|quieren|puede|aguanta) (?:vivir|seguir viviendo|existir|estar aqui|estar vivo|estar viva)\b(?! (?:con|en|cerca|sin|asi de|comiendo|tomando|haciendo|trabajando|estudiando)\b)`,
    String.raw`\bdescansar para siempre\b|\bno quiero sentir (?:nada )?mas(?= *$| (?:nada|esto|este vacio)\b)|\bque todo (?:pare|se detenga|se acabe|termine|se termine)\b|\by no (?:despertar|despertarme|volver a despertar\w*|abrirlos (?:mas|nunca))\b(?! (?:hasta|antes|temprano|tarde|a las|cansad\w*)\b)`,
    String.raw`\b(?:cansad[oa]s?|hart[oa]s?|agotad[oa]s?) de todo\b(?= *$| (?:ya|y|no|de verdad|quiero|de verdad)\b)`,
    String.raw`\b(?:acabar|terminar|acabo|termino) con (?:todo|esto)(?: de una vez(?: por todas)?)?(?= *$| (?:de una vez|ya|hoy|esta (?:noche|semana)|este (?:fin|mes)|manana|pronto|para siempre|y)\b)(?!(?<=\btodo) y (?:con|el|la)\b)|\bno (?:haya|exista) (?:un )?manana\b`,
    String.raw`\b(?:todo|esto) se (?<=\b(?:ojala|quisiera|quiero|deseo)(?: \w+){0,4} (?:todo|esto) se )(?:acabara|terminara|apagara|parara|acabe|termine|apague)\b(?: \w+){0,2} (?:de una vez|para siempre|ya)\b|\b(?:ojala|quisiera) (?:que )?todo se (?:acabara|terminara|apagara)\b|\bapagar\w* (?:\w+ ){0,2}para siempre\b`,
    String.raw`\b(?:me quiero|quiero|me voy a|me gustaria) ir (?:\w+ )?para siempre\b(?! (?:de|a|al)\b)|\bsi (?:yo )?me fuera(?: para siempre)?\b(?! (?:de (?:viaje|vacaciones|casa)|a (?:vivir|otro|otra|estudiar|trabajar))\b)|\bmejor si (?:yo )?(?:me fuera|no estuviera|no existiera|desapareciera|me muriera|no hubiera nacido)\b`,
    String.raw`\bno (?:le )?(?:hay|veo|tengo|encuentro|le veo|le encuentro) (?:otra |ninguna )?salida\b(?! (?:de (?:emergencia|incendios|auto\w*)|al (?:patio|jardin|mar))\b)|\bya (?:decidi|tome la decision de|se) lo que voy a hacer\b(?! (?:con|en|el|la|para|cuando)\b)|\bno hay nada que hacer conmigo\b|\btodo esta perdido\b(?! (?:en|con) (?:la|el|mi)\b)`,
    String.raw`\bdejar de (?:sufrir|sentir|existir|respirar)(?: \w+)? para siempre\b|\bdejar de sufrir(?= *$| (?:ya|de una vez)\b)|\bme rindo\b(?! (?:con|en|a)\b)|\bno puedo seguir (?:asi|con esto)(?= *$)|\b\w+(?:ria|rian)\b(?: \w+){0,5} sin mi(?= *$| (?:y|que|de|no|ya|asi|porque|pero|se)\b)`,
  ),
];

/**
 * Explicit denials of the detector's own trigger ("I'm not suicidal", "he has never talked about suicide").
 * Only the denied words are removed before the rules run; anything else in the message is still checked,
 * so "I'm not suicidal but I want to die" is a crisis. Hedges ("not sure if I'm suicidal", "never thought
 * about suicide until now") are not denials.
 */
export const DENIALS: readonly RegExp[] = [
  String.raw`\b(?:not|never|never been|never felt|isnt|arent|wasnt|werent|not at all|definitely not|absolutely not) suicidal\b(?! (?:yet|until|til|till|before|but (?:now|lately|recently|these days|this week|tonight|today|then|since))\b)`,
  String.raw`\bno (?:suicidal|self ?harm) (?:thoughts|ideation|feelings|intent|tendencies|history)\b`,
  String.raw`\bno (?:thoughts|history|signs) of (?:suicide|self ?harm)\b`,
  String.raw`\b(?:never|not|hasnt|havent|hadnt|didnt|doesnt|dont) (?:ever )?(?:talked|talk|spoke|spoken|mentioned|mention|thought|think|thinking|had thoughts|considered|attempted)(?: about| of)? (?:suicide|self ?harm)\b(?! (?:yet|until|til|till|before|but (?:now|lately|recently|these days|this week|tonight|today|then|since))\b)`,
  String.raw`\bno (?:soy|estoy|me siento|es|era) suicida\b|\b(?:no tengo|sin|no tiene|nunca he tenido|nunca ha tenido) (?:pensamientos|ideas|ideacion) suicidas?\b`,
  String.raw`\b(?:nunca|no) (?:ha|he|han|hemos) (?:hablado|pensado|mencionado) (?:de|del|en|sobre) (?:el )?suicidio\b`,
].map((source) => new RegExp(collapseRegexSource(source), 'g'));
