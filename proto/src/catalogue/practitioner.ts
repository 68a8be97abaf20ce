/**
 * The practitioner the AI persona is modelled on. The name is configurable at deploy time, in one setting for the
 * whole portal, PRACTITIONER_NAME: the services read it through the kit's `practitionerName` schema, the frontend's
 * build through its vite configuration; both hold it to these bounds.
 */
export const DEFAULT_PRACTITIONER_NAME = 'Dr. Helen';
/** The longest name the persona's sentences and the page headings are laid out for. */
export const PRACTITIONER_NAME_MAX_LENGTH = 60;
/** The practice's address for visitors who need help (SUPPORT_EMAIL: payments' answers and the pages that say it). */
export const DEFAULT_SUPPORT_EMAIL = 'support@holistichealth.example';
export const YEARS_OF_EXPERTISE = 44;
export const PATIENTS_HELPED = '10,000+';

export const DISCLAIMER =
  'This information is for educational purposes only. Please consult your medical doctor for health concerns.';
export const CONDITION_LABEL = 'Educational content for patients only';
