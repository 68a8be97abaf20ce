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
}

/** Bump when any rule or the normalisation changes, so logged decisions can be traced to a rule set. */
export const RULES_VERSION = '1.1.0';

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
const ES_NOT_HYPERBOLE = String.raw`(?! de (?:hambre|risa|sed|calor|frio|sueno|ganas|aburrimiento|verguenza|envidia|miedo|amor|placer|gusto|cansancio)\b)`;
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
  ),
  rule(
    'es-suicidal',
    'Spanish: wanting to die or to kill oneself, suicide methods, no reason to live, can\'t take any more, better off without me: "quiero morir", "voy a matarme", "ya no quiero vivir", "estarían mejor sin mí".',
    String.raw`\b${ES_INTENT} (?:\w+ )?(?:matarme|matarse|matarte|suicidarme|suicidarse|quitarme la vida|quitarse la vida|ahorcarme|ahorcarse|colgarme|colgarse|envenenarme|envenenarse|acabar con (?:todo|mi vida|esto|mi existencia)|terminar con (?:todo|mi vida|esto|mi existencia)|poner fin a (?:todo|mi vida|esto)|hacerme dano|lastimarme|herirme|quemarme|golpearme|cortarme|cortarse|cortarme las venas)\b${ES_NOT_GROOMING}(?!(?<=\b(?:todo|esto)) (?:el|la|los|las|este|esta|estos|estas|lo|de|del|mi|mis|tu|su|sus)\b)(?!(?<=\btodo) esto (?:de|del|con)\b)`,
    String.raw`\b${ES_WANT} (?:solo |ya |simplemente |realmente )?(?:morir|morirme|morirse|estar muert[oa]s?|desaparecer(?: para siempre)?|dejar de existir|dejar de vivir|no existir|no despertar(?:me)?|dormir para siempre|no estar aqui|no seguir aqui|no vivir mas)\b${ES_NOT_HYPERBOLE}(?! (?:el|la|los|las|mis|mi|estas|estos|esa|ese|esta|este|de mi)\b)`,
    String.raw`\b(?:me|se|te) (?:quiero|quiere|quieres|queria|queremos) morir\b${ES_NOT_HYPERBOLE}`,
    String.raw`\b(?:me|se|te) (?:quiero|quiere|quieres|queria|voy|va|vas|iba|pienso|piensa|estoy pensando en|esta pensando en|deberia|acabo de) (?:a )?(?:matar|suicidar|ahorcar|colgar|quitar la vida|envenenar|cortar las venas|cortar|hacer dano|lastimar|herir|tirar (?:de|desde|por) (?:un|una|el|la))\b${ES_NOT_GROOMING}`,
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
    String.raw`\bautolesi\w*`,
    String.raw`\b(?:me|se|te) (?:corto|corte|cortaba|corta|cortan|cortas|he cortado|ha cortado|has cortado|han cortado|esta cortando|estoy cortando|estas cortando|estan cortando|he estado cortando|ha estado cortando|sigo cortando|sigue cortando|volvi a cortar|volvio a cortar|lastimo|lastime|lastima|lastimaba|he lastimado|ha lastimado|hago dano|hice dano|hace dano|hacia dano|quemo|queme|quema|golpeo)\b(?! (?:el|la|las|los|un|una|mi|mis) (?!(?:brazos?|piernas?|munecas?|muslos?|venas|piel|cuerpo|abdomen|estomago)\b))(?! (?:al|cocinando|afeitandome|jugando|corriendo|entrenando|picando|en (?:el|la|los|las|mi|mis|un|una))\b)(?! con (?:un|una|el|la) (?:hoja|papel|lata|abrelatas|vidrio roto|cristal roto|concha|rama|piedra)\b)`,
    String.raw`\b(?:sigo|sigue|siguen|volvi a|volvio a|estoy|esta|estan|he estado|ha estado|empece a|empezo a) (?:cortandome|cortandose|lastimandome|lastimandose|haciendome dano|haciendose dano|quemandome|quemandose|golpeandome)\b(?! (?:el|la|las|los|un|una|mi|mis) (?!(?:brazos?|piernas?|munecas?|muslos?|venas|piel|cuerpo|abdomen|estomago)\b))`,
    String.raw`\b(?:me|se|te) (?:hago|hace|hice|hizo|he hecho|ha hecho|hacia|sigo haciendo) (?:cortes|quemaduras|heridas)\b(?! (?:al|cocinando|afeitandome|jugando|corriendo|entrenando|picando)\b)`,
    String.raw`\b(?:me tome|tome|me he tomado|he tomado|me trague|trague|tragarme|tomarme|me voy a tomar|voy a tomar|me quiero tomar|quiero tomar|tomar|tomando|me tomo|ha tomado|se tomo|se trago) (?:todas|todos|toda|un frasco|una caja|un bote|un blister|una tira|el frasco|la caja|el bote|un monton|muchas|el resto|\d+|dos cajas|dos frascos|varias cajas) (?:entero |entera )?(?:de )?(?:mis |las |los |sus |tus )?(?:\w+ ){0,2}?(?:pastillas|pildoras|medicamentos|medicinas|tabletas|capsulas|antidepresivos|somniferos|calmantes|analgesicos|paracetamol|ibuprofeno|clonazepam|alprazolam)\b(?!(?: \w+){0,4} (?:con (?:el|la|comida|agua)|en (?:el|la) (?:desayuno|manana|comida|cena)|como (?:me )?(?:indico|indicaron|receto|recetaron))\b)`,
    String.raw`\b(?:tomar|tomarme|me tome|tome|tomo|hacer|hice|intente|intento|quiero|voy a|pienso en|planeo|sufri|tuve|me provoque) (?:una )?sobredosis\b(?! de (?:vitamina\w*|azucar|cafe|cafeina|magnesio|hierro|zinc|melatonina|proteina)\b)`,
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
