import { CONDITION_NAMES, conditionPath, type ConditionSlug } from './condition-names.js';
import type { ModalityId } from './modalities.js';

export { CONDITION_SLUGS, type ConditionSlug } from './condition-names.js';

export interface RootCause {
  title: string;
  text: string;
}

export interface Approach {
  modality: ModalityId;
  title: string;
  points: string[];
}

export interface Condition {
  slug: ConditionSlug;
  /** As the navigation lists it. */
  name: string;
  /** The symptom the avatar's welcome card names. */
  symptom: string;
  title: string;
  subtitle: string;
  metaDescription: string;
  rootCausesIntro: string;
  rootCauses: RootCause[];
  /** Extra lists some pages carry (constipation-anxiety has two). */
  lists?: { title: string; items: string[] }[];
  approaches: [Approach, Approach, Approach];
  tips: string[];
  /** The wearable energy-patch card (LifeWave), where the page has one. */
  energyPatch?: { title: string; text: string };
  path: string;
}

export const CONDITIONS: Condition[] = [
  {
    slug: 'insomnia',
    name: CONDITION_NAMES.insomnia,
    symptom: 'insomnia',
    title: 'Insomnia: Natural Approaches to Restful Sleep',
    subtitle: 'Understand why sleep slips away and how holistic care helps the body remember how to rest.',
    metaDescription:
      'Holistic education on insomnia: nervous system dysregulation, circadian disruption and dosha imbalance, with Ayurvedic, chiropractic and food-based approaches.',
    rootCausesIntro: 'Sleeplessness is rarely about one thing. Three patterns are common:',
    rootCauses: [
      {
        title: 'Nervous system dysregulation',
        text: 'A body stuck in "fight or flight" keeps stress hormones high at night, so the mind races when it should slow down.',
      },
      {
        title: 'Circadian disruption',
        text: 'Late screens, irregular bedtimes and little morning daylight confuse the internal clock that times melatonin.',
      },
      {
        title: 'Dosha imbalance',
        text: 'In Ayurveda, aggravated Vata brings light, interrupted sleep and an active mind; excess Pitta wakes people in the small hours.',
      },
    ],
    approaches: [
      {
        modality: 'ayurveda',
        title: 'Ayurvedic Approach',
        points: [
          'Warm oil foot massage (padabhyanga) before bed',
          'A calming evening routine at the same hour',
          'Warm spiced milk or herbal tea with nutmeg',
        ],
      },
      {
        modality: 'chiropractic',
        title: 'Chiropractic Care',
        points: [
          'Gentle adjustments to release neck and upper-back tension',
          'Support for a calmer nervous system',
          'Guidance on sleep posture and pillows',
        ],
      },
      {
        modality: 'nutrition',
        title: 'Food as Medicine',
        points: [
          'Magnesium-rich greens, seeds and legumes',
          'A lighter, earlier dinner',
          'Tart cherries and oats in the evening',
        ],
      },
    ],
    tips: [
      'Avoid caffeine after 2 PM.',
      'Dim the lights and put screens away an hour before bed.',
      'Get outdoor light within an hour of waking.',
    ],
    path: conditionPath('insomnia'),
  },
  {
    slug: 'constipation-anxiety',
    name: CONDITION_NAMES['constipation-anxiety'],
    symptom: 'constipation and anxiety',
    title: 'Constipation & Anxiety: The Gut-Brain Connection',
    subtitle: 'Your gut and your mood talk to each other all day long. Caring for one helps the other.',
    metaDescription:
      'How the gut-brain connection links constipation and anxiety, with Ayurvedic, allergy-elimination (NAET) and dietary approaches.',
    rootCausesIntro:
      'The gut and the brain are joined by the vagus nerve and share many of the same messengers, such as serotonin. Stress slows digestion, and a sluggish gut can feed worry.',
    rootCauses: [
      {
        title: 'Stress slows the gut',
        text: 'Anxiety shifts the body away from "rest and digest", so movement through the bowel slows down.',
      },
      {
        title: 'Gut signals shape mood',
        text: 'Most of the body\u2019s serotonin is made in the gut; an unsettled gut can leave the mind unsettled too.',
      },
    ],
    lists: [
      {
        title: 'Signs of a gut-driven pattern',
        items: [
          'Bloating that worsens with stress',
          'Fewer than one easy bowel movement a day',
          'Butterflies or tightness in the stomach',
          'Worry that eases after eating well',
        ],
      },
      {
        title: 'Signs of a stress-driven pattern',
        items: [
          'Digestion changes before big events',
          'Shallow breathing and tense shoulders',
          'Racing thoughts at night',
          'Appetite that disappears under pressure',
        ],
      },
    ],
    approaches: [
      {
        modality: 'ayurveda',
        title: 'Ayurvedic Approach',
        points: [
          'Triphala, a traditional gentle bowel tonic',
          'Warm, moist, cooked meals that calm Vata',
          'Daily self-massage with sesame oil',
        ],
      },
      {
        modality: 'naet',
        title: 'Allergy-Elimination Therapy (NAET)',
        points: [
          'Identifying food sensitivities that irritate the gut',
          'Treating one sensitivity at a time',
          'Reducing the inflammation that feeds anxiety',
        ],
      },
      {
        modality: 'nutrition',
        title: 'Dietary Approach',
        points: [
          'Soluble fibre from oats, flax and chia',
          'Fermented foods for a healthy microbiome',
          'Regular meal times to steady the gut',
        ],
      },
    ],
    tips: [
      'Drink 8+ glasses of water a day.',
      'Take a ten-minute walk after meals.',
      'Breathe slowly for two minutes before you eat.',
    ],
    path: conditionPath('constipation-anxiety'),
  },
  {
    slug: 'acid-reflux',
    name: CONDITION_NAMES['acid-reflux'],
    symptom: 'acid reflux',
    title: 'Acid Reflux: Cooling the Fire Naturally',
    subtitle: 'Heartburn is a message from digestion. Learn what it is saying and how to soothe it.',
    metaDescription:
      'Holistic education on acid reflux: a weak sphincter, excess Pitta and low stomach acid, with cooling, chiropractic and food approaches.',
    rootCausesIntro: 'Reflux happens when stomach contents rise where they do not belong. Common reasons:',
    rootCauses: [
      {
        title: 'Weak sphincter',
        text: 'The valve between the oesophagus and the stomach relaxes at the wrong time, letting acid move upward.',
      },
      {
        title: 'Excess Pitta',
        text: 'In Ayurveda, too much of the hot, sharp Pitta dosha shows up as burning, sour taste and irritability.',
      },
      {
        title: 'Low stomach acid',
        text: 'Surprisingly, too little acid can slow digestion, leaving food in the stomach longer and raising pressure.',
      },
    ],
    approaches: [
      {
        modality: 'ayurveda',
        title: 'Cooling Approach',
        points: [
          'Cooling herbs such as licorice, fennel and coriander',
          'Less spicy, fried and sour food',
          'Aloe vera juice and coconut water',
        ],
      },
      {
        modality: 'chiropractic',
        title: 'Chiropractic Care',
        points: [
          'Attention to the mid-back, where nerves to the stomach leave the spine',
          'Diaphragm and posture work',
          'Easing pressure on the abdomen',
        ],
      },
      {
        modality: 'nutrition',
        title: 'Food as Medicine',
        points: [
          'Smaller meals, eaten slowly',
          'Alkaline vegetables and bananas',
          'Fewer triggers such as coffee, alcohol and chocolate',
        ],
      },
    ],
    tips: ['No eating 3 hours before bed.', 'Raise the head of the bed a little.', 'Chew each bite well.'],
    path: conditionPath('acid-reflux'),
  },
  {
    slug: 'rashes',
    name: CONDITION_NAMES.rashes,
    symptom: 'rashes',
    title: 'Rashes: Reading the Skin from the Inside Out',
    subtitle: 'The skin often reflects what is happening within. Holistic care looks beneath the surface.',
    metaDescription:
      'Holistic education on rashes: food sensitivities, toxin overload, Pitta heat and stress, with natural approaches to calmer skin.',
    rootCausesIntro: 'Rashes can have many causes. From a holistic view, four are worth exploring:',
    rootCauses: [
      {
        title: 'Food sensitivities',
        text: 'Dairy, gluten, eggs and other common foods can show up on the skin as redness and itching.',
      },
      {
        title: 'Toxin overload',
        text: 'When the liver and bowels are burdened, the skin can become another route of elimination.',
      },
      {
        title: 'Pitta heat',
        text: 'In Ayurveda, excess Pitta is heat that rises to the skin as inflammation, redness and burning.',
      },
      { title: 'Stress', text: 'Stress hormones weaken the skin barrier and can trigger flares of eczema and hives.' },
    ],
    approaches: [
      {
        modality: 'naet',
        title: 'Allergy-Elimination Therapy (NAET)',
        points: [
          'Testing for likely food and environmental triggers',
          'Clearing sensitivities one at a time',
          'Tracking flares against exposures',
        ],
      },
      {
        modality: 'ayurveda',
        title: 'Ayurvedic Approach',
        points: ['Cooling neem and turmeric', 'A Pitta-soothing diet', 'Gentle cleansing routines'],
      },
      {
        modality: 'nutrition',
        title: 'Food as Medicine',
        points: [
          'An elimination diet guided by a professional',
          'Omega-3 rich flax and walnuts',
          'Plenty of water and leafy greens',
        ],
      },
    ],
    tips: [
      'Keep a food-and-skin diary for two weeks.',
      'Choose fragrance-free soaps and detergents.',
      'See a doctor at once for a rash with fever, swelling or breathing trouble.',
    ],
    path: conditionPath('rashes'),
  },
  {
    slug: 'irritability',
    name: CONDITION_NAMES.irritability,
    symptom: 'irritability',
    title: 'Irritability: Finding Your Calm Again',
    subtitle: 'A short fuse is often a body asking for balance. Learn what is behind it.',
    metaDescription:
      'Holistic education on irritability: blood sugar swings, Pitta, nutrient deficiency and an overworked nervous system.',
    rootCausesIntro: 'Irritability often has physical roots:',
    rootCauses: [
      {
        title: 'Blood sugar swings',
        text: 'Skipped meals and refined sugar send glucose up and down, and mood follows.',
      },
      { title: 'Pitta', text: 'In Ayurveda, excess Pitta brings heat, impatience and a sharp tongue.' },
      {
        title: 'Nutrient deficiency',
        text: 'Low magnesium, B vitamins or omega-3 fats can leave the nervous system easily provoked.',
      },
      {
        title: 'Nervous system',
        text: 'Chronic stress keeps the body on alert, so small things feel like big threats.',
      },
    ],
    approaches: [
      {
        modality: 'ayurveda',
        title: 'Ayurvedic Approach',
        points: [
          'Cooling foods and herbs such as mint and coriander',
          'Moonlight walks and time in nature',
          'Cooling breath (sheetali pranayama)',
        ],
      },
      {
        modality: 'chiropractic',
        title: 'Chiropractic Care',
        points: [
          'Releasing tension held in the neck and shoulders',
          'Supporting a balanced nervous system',
          'Posture habits that ease strain',
        ],
      },
      {
        modality: 'nutrition',
        title: 'Food as Medicine',
        points: ['Protein and fibre at every meal', 'Magnesium-rich greens, seeds and cacao', 'Regular meal times'],
      },
    ],
    tips: [
      'Eat something nourishing every 3 to 4 hours.',
      'Step outside for five minutes when tension rises.',
      'Limit caffeine and alcohol.',
    ],
    path: conditionPath('irritability'),
  },
  {
    slug: 'nervous-overeating',
    name: CONDITION_NAMES['nervous-overeating'],
    symptom: 'nervous overeating',
    title: 'Nervous Overeating: Understanding Emotional Hunger',
    subtitle: 'Eating to calm down is a very human pattern. Gentle, whole-person care can change it.',
    metaDescription:
      'Holistic education on nervous overeating: cortisol, emotional soothing, blood sugar and Vata, with Ayurvedic, nutritional and energy-patch support.',
    rootCausesIntro: 'Emotional eating is not a lack of willpower. It has causes:',
    rootCauses: [
      { title: 'Cortisol', text: 'The stress hormone raises appetite, especially for sweet and salty comfort food.' },
      {
        title: 'Emotional soothing',
        text: 'Food quickly lifts mood for a moment, so the brain learns to reach for it under stress.',
      },
      { title: 'Blood sugar', text: 'Sharp drops in blood sugar feel like urgent hunger and anxiety at once.' },
      {
        title: 'Vata',
        text: 'In Ayurveda, aggravated Vata brings restlessness and an ungrounded feeling that food seems to anchor.',
      },
    ],
    approaches: [
      {
        modality: 'ayurveda',
        title: 'Ayurvedic Approach',
        points: [
          'Warm, grounding meals at regular times',
          'Calming herbs such as ashwagandha and brahmi',
          'Eating seated, without screens',
        ],
      },
      {
        modality: 'nutrition',
        title: 'Food as Medicine',
        points: [
          'Protein-rich breakfasts',
          'Fibre and healthy fats that keep you full',
          'Planned snacks instead of grazing',
        ],
      },
      {
        modality: 'lifevessel',
        title: 'LifeVessel Relaxation',
        points: [
          'Deep relaxation that lowers stress',
          'A reset for the nervous system',
          'Calmer evenings with fewer cravings',
        ],
      },
    ],
    tips: [
      'Pause and name the feeling before you eat.',
      'Keep a glass of water nearby.',
      'Take three slow breaths when a craving starts.',
    ],
    energyPatch: {
      title: 'Energy Patch Support',
      text: 'Some patients wear LifeWave energy patches as a gentle complement to help them feel calmer and more balanced during the day.',
    },
    path: conditionPath('nervous-overeating'),
  },
  {
    slug: 'weight-gain',
    name: CONDITION_NAMES['weight-gain'],
    symptom: 'weight gain',
    title: 'Weight Gain: A Whole-Body View',
    subtitle: 'Weight is shaped by metabolism, hormones and digestion, not calories alone.',
    metaDescription:
      'Holistic education on weight gain: metabolic slowdown, hormones, Kapha and weak digestion, with natural approaches.',
    rootCausesIntro: 'Unexplained weight gain often has several roots at once:',
    rootCauses: [
      {
        title: 'Metabolic slowdown',
        text: 'Age, inactivity and too little sleep can slow the rate at which the body uses energy.',
      },
      { title: 'Hormones', text: 'Thyroid, insulin and cortisol all influence how the body stores fat.' },
      { title: 'Kapha', text: 'In Ayurveda, excess Kapha brings heaviness, sluggishness and fluid retention.' },
      {
        title: 'Weak digestion',
        text: 'A weak digestive fire (agni) leaves food half-processed and the body feeling heavy.',
      },
    ],
    approaches: [
      {
        modality: 'ayurveda',
        title: 'Ayurvedic Approach',
        points: [
          'Warming spices such as ginger and black pepper',
          'The largest meal at midday',
          'Daily movement in the morning',
        ],
      },
      {
        modality: 'nutrition',
        title: 'Food as Medicine',
        points: ['Whole plant foods high in fibre', 'Fewer refined carbohydrates', 'Mindful portions'],
      },
      {
        modality: 'chiropractic',
        title: 'Chiropractic Care',
        points: [
          'Better mobility for comfortable exercise',
          'Relief from aches that limit activity',
          'Posture support',
        ],
      },
    ],
    tips: [
      'Start the day with warm water and lemon.',
      'Walk after meals.',
      'Ask your doctor to check thyroid function if weight changes suddenly.',
    ],
    path: conditionPath('weight-gain'),
  },
  {
    slug: 'lethargy-depression',
    name: CONDITION_NAMES['lethargy-depression'],
    symptom: 'lethargy and low mood',
    title: 'Lethargy & Depression: Restoring Energy and Light',
    subtitle: 'Heaviness of body and mind has physical roots too. Holistic care works alongside your doctor.',
    metaDescription:
      'Holistic education on lethargy and low mood: neurotransmitters, mitochondria, Kapha/Tamas and inflammation, with natural approaches and energy-patch support.',
    rootCausesIntro:
      'Low mood and low energy deserve a doctor\u2019s care. Alongside it, a holistic view looks at these factors:',
    rootCauses: [
      {
        title: 'Neurotransmitters',
        text: 'Serotonin, dopamine and other messengers depend on nutrients, sleep and light.',
      },
      {
        title: 'Mitochondria',
        text: 'The cell\u2019s energy factories slow down with poor nutrition, inactivity and stress.',
      },
      {
        title: 'Kapha/Tamas',
        text: 'In Ayurveda, heavy Kapha and the quality of inertia (Tamas) weigh down body and mind.',
      },
      { title: 'Inflammation', text: 'Ongoing inflammation is linked with fatigue and low mood.' },
    ],
    approaches: [
      {
        modality: 'ayurveda',
        title: 'Ayurvedic Approach',
        points: [
          'Stimulating routines: early rising and dry brushing',
          'Light, warm, spiced meals',
          'Uplifting herbs such as tulsi',
        ],
      },
      {
        modality: 'nutrition',
        title: 'Food as Medicine',
        points: [
          'Omega-3 rich seeds and walnuts',
          'Colourful vegetables against inflammation',
          'Steady protein for neurotransmitters',
        ],
      },
      {
        modality: 'lifevessel',
        title: 'LifeVessel Relaxation',
        points: ['Deep rest that lets the body recover', 'Relief from accumulated stress', 'A gentle lift in energy'],
      },
    ],
    tips: [
      'Get morning sunlight every day.',
      'Move your body for 20 minutes, even gently.',
      'If you have thoughts of harming yourself, call or text 988 now.',
    ],
    energyPatch: {
      title: 'Energy Patch Support',
      text: 'LifeWave energy patches are worn by some patients as a gentle complement to support energy and a brighter mood.',
    },
    path: conditionPath('lethargy-depression'),
  },
];

export function findCondition(slug: string): Condition | undefined {
  return CONDITIONS.find((condition) => condition.slug === slug);
}
