/** Free AI questions a guest gets per calendar day. */
export const FREE_QUESTIONS_PER_DAY = 3;
/** The guest id kept in the browser's local storage under `guestId`. */
export const GUEST_ID_LENGTH = 21;
export const GUEST_ID_STORAGE_KEY = 'guestId';
