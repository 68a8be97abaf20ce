import { nanoid } from 'nanoid';
import { GUEST_ID_LENGTH, GUEST_ID_STORAGE_KEY } from '@hhp/proto/catalogue/quota';

const VALID = new RegExp(`^[A-Za-z0-9_-]{${GUEST_ID_LENGTH}}$`);
let fallback: string | undefined;

/**
 * The visitor's guestId: 21 random characters made once and kept in local storage under `guestId`,
 * sent by every AI call. Without storage (private mode), one id for the life of the page.
 */
export function guestId(): string {
  try {
    const stored = localStorage.getItem(GUEST_ID_STORAGE_KEY);
    if (stored && VALID.test(stored)) return stored;
    const created = nanoid(GUEST_ID_LENGTH);
    localStorage.setItem(GUEST_ID_STORAGE_KEY, created);
    return created;
  } catch {
    fallback ??= nanoid(GUEST_ID_LENGTH);
    return fallback;
  }
}
