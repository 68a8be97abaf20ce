// An AI session's booking as the booking screen sends it (POST /api/book-session), with the price and duration the
// specification's call carries. Plain JavaScript with no k6 import: book-session.js sends it from k6, the booking
// benchmark (scripts/bench/booking.mjs) from Node.
export const aiSessionBooking = (scheduledAt, { name, email }) => ({
  userId: null,
  type: 'ai-session',
  scheduledAt,
  duration: '60',
  price: '9.00',
  notes: '',
  name,
  email,
});
