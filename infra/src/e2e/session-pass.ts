// The session pass settings of the end-to-end stack (global-setup.ts gives them to booking and ai-query).
// e2e/session-pass.spec.ts makes a booking's join token with E2E_SESSION_PASS_SECRET, as the confirmation's
// link carries it. Slots are on the hour and only future ones can be booked, so the stack opens a session's
// link E2E_SESSION_JOIN_EARLY_MINUTES (60 days) before it starts: a booking a week ahead is open, one months
// ahead is early. (With E2E_EXTERNAL_URL the portal is someone else's and has its own.)
export const E2E_SESSION_PASS_SECRET = 'e2e-session-pass-secret-of-no-deployment-0000';
export const E2E_SESSION_JOIN_EARLY_MINUTES = 60 * 24 * 60;
