/** Where the payment panels send visitors who need help: SUPPORT_EMAIL at build time, payments' own setting. */
export const SUPPORT_EMAIL: string = import.meta.env.SUPPORT_EMAIL;
