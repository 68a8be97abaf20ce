// What the practice console's route files share in the OpenAPI document: a JSON answer, an error answer, and the
// sentences every guarded route repeats (the session it needs, the Origin check, the 401).
import { ErrorResponse } from '../http-error.js';
import { json } from './route-shapes.js';

export { json };

export const error = (description: string) => json(ErrorResponse, description);

export const SESSION =
  'Needs the staff session cookie (`hhp_practice`, `__Host-hhp_practice` over https) that registering or signing in sets.';

/** The 403 of a state-changing route whose Origin is not the portal's own. */
export const originRefused = (methods = 'POST') =>
  `Origin is not the portal\u2019s own (every ${methods} must come from the console itself)`;
export const ORIGIN_403 = originRefused();

export const UNAUTHORISED = error('No staff session, or it ended (idle 30 min, 12 h at most, signed out, revoked)');
