/** Where the payment panels send visitors who need help; set at build time with VITE_SUPPORT_EMAIL. */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL?.trim() || 'support@holistichealth.example';
