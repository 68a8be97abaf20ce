// A guestId as the browser makes one: 21 characters of A-Z, a-z, 0-9, _ and - (see @hhp/proto's quota).
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

export function newGuestId() {
  let id = '';
  for (let i = 0; i < 21; i++) id += ALPHABET[Math.floor(Math.random() * ALPHABET.length)];
  return id;
}
