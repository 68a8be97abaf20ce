// Questions that need a doctor or pharmacist before anything the library says: a medicine (with or without
// an herb or supplement beside it), pregnancy or breastfeeding, a child, and symptoms that have lasted
// weeks or are getting worse. Their answer leads with asking a doctor or pharmacist, in both engines, and
// never puts an herb or supplement next to a stated medicine: herbs the portal teaches (ashwagandha,
// licorice, turmeric, ginger…) can change how blood thinners, antidepressants or thyroid medicines work,
// and neither engine knows which medicine, dose or person is behind the question.
//
// The patterns run over lower-case words without apostrophes, like emergency.ts. They lean towards the
// caution: a sentence too many about asking a pharmacist costs little; an herb suggested against warfarin
// can cost a bleed. Words that only look like these ("food as medicine", "drug-free", "nursing a grudge",
// "inner child", "the nervous system") are left out on purpose.
import { matchText } from './match-text.js';

export type CautionKind = 'medicine' | 'pregnancy' | 'child' | 'lasting';

export interface Caution {
  kinds: CautionKind[];
  /** The medicine as the question names it ("blood thinners", "warfarin"), when it names one. */
  medicine?: string;
}

/** Medicines by name or kind: named in the answer ("Because you mention warfarin, …"). */
const NAMED_MEDICINE =
  /\b(?:blood thinners?|anticoagulants?|warfarin|coumadin|eliquis|apixaban|xarelto|rivaroxaban|clopidogrel|plavix|heparin|aspirin|ibuprofen|advil|motrin|naproxen|aleve|acetaminophen|tylenol|paracetamol|antidepressants?|ssris?|snris?|sertraline|zoloft|fluoxetine|prozac|escitalopram|lexapro|citalopram|celexa|paroxetine|paxil|venlafaxine|effexor|duloxetine|cymbalta|bupropion|wellbutrin|trazodone|mirtazapine|lithium|lamotrigine|lamictal|antipsychotics?|quetiapine|seroquel|benzodiazepines?|benzos|xanax|alprazolam|valium|diazepam|ativan|lorazepam|klonopin|clonazepam|ambien|zolpidem|sleeping pills?|sleeping tablets?|adderall|ritalin|methylphenidate|levothyroxine|synthroid|thyroid (?:medication|medicine|meds|pills?|hormones?)|metformin|insulin|ozempic|semaglutide|wegovy|mounjaro|statins?|atorvastatin|lipitor|simvastatin|rosuvastatin|crestor|blood pressure (?:medication|medicine|meds|pills?|tablets?)|beta blockers?|metoprolol|propranolol|lisinopril|losartan|amlodipine|diuretics?|digoxin|antibiotics?|amoxicillin|antihistamines?|steroids?|prednisone|cortisone|immunosuppressants?|chemotherapy|chemo|tamoxifen|birth control|contraceptives?|the pill|hrt|hormone replacement|omeprazole|prilosec|nexium|pantoprazole|ppis?|antacids?|laxatives?|painkillers?|pain killers?|opioids?|oxycodone|hydrocodone|tramadol|codeine|gabapentin|pregabalin|lyrica|methotrexate|humira|biologics?|hydroxychloroquine|plaquenil|immunotherapy|\w{3,}(?:pril|sartan|olol|statin|prazole|tidine|dipine|zepam|zolam|oxetine|triptan|cillin|mycin|cycline|floxacin|xaban|gatran))\b/;

/** A medicine without a name: "my meds", "a prescription", "the tablets my doctor gave me". */
const SOME_MEDICINE = [
  /\b(?:medications?|meds|prescriptions?|prescribed|pharmaceuticals?|drugs?(?! free\b)|pills|tablets)\b/,
  // "medicine" and "medicines", but not a kind of practice ("food as medicine", "holistic medicine").
  /(?<!\b(?:as|holistic|natural|ayurvedic|herbal|alternative|integrative|functional|chinese|western|conventional|modern|energy|plant|traditional|eastern|folk|preventive|preventative|sports|internal|family|lifestyle|mind body|body) )\bmedicines?\b(?! (?:man|woman|cabinet|ball|wheel)\b)/,
  // Herbs and medicines together, even when the medicine goes unnamed.
  /\b(?:drug|herb|herbal|medication|medicine|supplement)s? interactions?\b|\binteracts? with (?:my|any|other|medications?|medicines?|meds|drugs?|pills|prescriptions?)\b|\bany interactions?\b|\bcontraindicat\w*/,
  /\b(?:dose|doses|dosage|dosing|how (?:much|many) (?:\w+ ){0,3}(?:should|can|do) (?:i|we|you) (?:take|give))\b/,
  /\b(?:doctor|gp|psychiatrist|cardiologist|specialist) (?:put|has put|had put|started) (?:me|him|her|them|us) on\b|\b(?:taking|take|takes|on) (?:something|tablets|pills|medication) for (?:my|his|her|their)\b/,
  /\b(?:stop|stopping|come off|coming off|get off|wean off|quit|quitting|replace|instead of|go off|going off) (?:taking )?(?:my|his|her|their|all)? ?(?:medications?|meds|medicines?|prescriptions?|pills|tablets)\b/,
];

const PREGNANCY = [
  /\b(?:im|i am|we are|were|shes|she is) expecting\b(?! to\b| a (?:call|delivery|package|reply|response)\b)/,
  /\b(?:pregnant|pregnancy|pregnancies|expecting a baby|expecting twins|trimester|trying to conceive|ttc|prenatal|antenatal|postpartum|post partum|postnatal|miscarriage|ivf)\b/,
  /\b(?:breast ?feeding|breast ?feed|breastfed|chest ?feeding|lactating|lactation|pumping milk|nursing (?:mom|mum|mother|my baby|a baby|an infant)|while nursing|i am nursing|im nursing|still nursing)\b/,
];

const CHILD = [
  /(?<!\b(?:as a|was a|were a|inner|since i was a) )\b(?:child|children|childs|kid|kids|toddlers?|infants?|newborns?|babies|baby|preschoolers?|teenagers?|stepsons?|stepdaughters?|teens?|tween|adolescents?|pediatric|paediatric|my son|my sons|our son|my daughters?|our daughter|my grandson|my granddaughter|my boy|my girl|my little one|little ones|grandchild|grandchildren|grandkids?|schoolchild\w*)\b(?! in law)/,
  // "my 8 year old", "a 6-month-old", "my 3yo": an age under 18.
  /\b(?:[1-9]|1[0-7]) ?(?:yo|y o|yrs? old)\b/,
  /\b(?:[1-9]|1[0-7]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen) ?(?:year|yr|month|week|day)s? old\b/,
];

const NUMBER =
  '(?:[2-9]|[1-9][0-9]|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a few|few|a couple of|couple of|several|many|some)';

const LASTING = [
  new RegExp(`\\b(?:for|over|past|last|about|almost|nearly|than|been) ${NUMBER} (?:weeks|months|years|wks|mos|yrs)\\b`),
  new RegExp(`\\b${NUMBER} (?:weeks|months|years) (?:now|already|straight|in a row|running)\\b`),
  new RegExp(
    `\\b(?:started|began|begun|start|begin) (?:about |around |over |more than )?${NUMBER} (?:weeks|months|years) ago\\b`,
  ),
  /\b(?:for|over|past|last|about|almost|nearly|than|more than|been) (?:a|one|1|the past|the last|a whole|an entire) (?:month|year)\b/,
  /\b(?:for|over|past|last|in|since) (?:weeks|months|years|ages)\b|\b(?:weeks|months|years) now\b/,
  /\bsince (?:last (?:month|year|spring|summer|autumn|fall|winter)|(?:january|february|march|april|may|june|july|august|september|october|november|december)\b|christmas)/,
  /\b(?:getting|gotten|growing|becoming|become) (?:\w+ )?(?:worse|more severe|more frequent|more intense)\b/,
  /\b(?:worsening|worse and worse|worse over time|worse every (?:day|week|month)|worse each (?:day|week)|worse by the day|more and more (?:often|frequent|painful)|spreading|and counting|wont go away|will not go away|doesnt go away|does not go away|hasnt gone away|has not gone away|not going away|never goes away|keeps coming back|keep coming back|persistent|persisting|chronic(?! stress\b)|still (?:there|not better|no better) after)\b/,
];

/** What the question needs a doctor or pharmacist for first, or undefined for an ordinary question. */
export function cautionFor(question: string): Caution | undefined {
  const text = matchText(question);
  const kinds: CautionKind[] = [];
  const named = NAMED_MEDICINE.exec(text)?.[0];
  if (named || SOME_MEDICINE.some((pattern) => pattern.test(text))) kinds.push('medicine');
  if (PREGNANCY.some((pattern) => pattern.test(text))) kinds.push('pregnancy');
  if (CHILD.some((pattern) => pattern.test(text))) kinds.push('child');
  if (LASTING.some((pattern) => pattern.test(text))) kinds.push('lasting');
  if (kinds.length === 0) return undefined;
  return named ? { kinds, medicine: named } : { kinds };
}
