export const SYMPTOM_CATEGORY_IDS = ['digestive', 'energy', 'pain', 'mental', 'skin', 'hormonal'] as const;
export type SymptomCategoryId = (typeof SYMPTOM_CATEGORY_IDS)[number];

export interface SymptomCategory {
  id: SymptomCategoryId;
  name: string;
  description: string;
  icon: string;
  colour: string;
  /** Common symptoms listed when the category is expanded. */
  symptoms: string[];
}

export const SYMPTOM_CATEGORIES: SymptomCategory[] = [
  {
    id: 'digestive',
    name: 'Digestive Issues',
    description: 'Bloating, constipation, acid reflux and irregular digestion.',
    icon: 'digestive',
    colour: '#b45309',
    symptoms: ['Bloating and gas', 'Constipation', 'Acid reflux or heartburn', 'Irregular bowel movements'],
  },
  {
    id: 'energy',
    name: 'Energy & Fatigue',
    description: 'Low energy, afternoon slumps and feeling unrested.',
    icon: 'energy',
    colour: '#ca8a04',
    symptoms: ['Constant tiredness', 'Afternoon energy crashes', 'Waking up unrested', 'Brain fog'],
  },
  {
    id: 'pain',
    name: 'Pain & Inflammation',
    description: 'Joint pain, back and neck tension, headaches.',
    icon: 'pain',
    colour: '#b91c1c',
    symptoms: ['Back or neck pain', 'Joint stiffness', 'Tension headaches', 'Muscle aches'],
  },
  {
    id: 'mental',
    name: 'Mental & Emotional',
    description: 'Anxiety, irritability, low mood and poor sleep.',
    icon: 'mental',
    colour: '#6d28d9',
    symptoms: ['Anxiety or worry', 'Irritability', 'Low mood', 'Trouble sleeping'],
  },
  {
    id: 'skin',
    name: 'Skin & Allergies',
    description: 'Rashes, itching, eczema and sensitivities.',
    icon: 'skin',
    colour: '#be185d',
    symptoms: ['Rashes or hives', 'Itchy skin', 'Eczema flare-ups', 'Food or seasonal sensitivities'],
  },
  {
    id: 'hormonal',
    name: 'Hormonal Imbalance',
    description: 'Weight changes, cycles, cravings and mood swings.',
    icon: 'hormonal',
    colour: '#0f766e',
    symptoms: ['Unexplained weight gain', 'Irregular cycles', 'Sugar cravings', 'Mood swings'],
  },
];
