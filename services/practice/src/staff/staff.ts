// What an admin does with the staff: the list, an invite, a revocation (which ends her sessions at once and
// deletes her passkeys). The console always keeps an admin: an admin cannot revoke herself, and revocations run
// one at a time (a claim in the database, FerretDB having no transactions), each checking again, inside, that
// whoever revokes is still an active admin, so two admins revoking each other at once cannot both succeed.
import { HttpError } from '@hhp/kit';
import type { StaffMember, StaffRole } from '@hhp/proto';
import type { PracticeStore, StaffDoc } from '../store.js';
import type { Sessions } from '../sessions/sessions.js';
import { NOT_SIGNED_IN, WRONG_ROLE } from '../http/guard.js';

export const NO_SUCH_STAFF = 'There is no staff member with this id.';
export const NOT_YOURSELF = 'You cannot revoke yourself; another admin can.';
export const LAST_ADMIN = 'This is the last admin; the console must keep one.';

/** The claim every change to who is an admin holds while it checks and writes. */
export const STAFF_CHANGE = 'staff-change';

export async function listStaff(store: PracticeStore): Promise<StaffMember[]> {
  const [staff, keys] = await Promise.all([
    store.staff.find({}).sort({ createdAt: 1 }).toArray(),
    store.passkeys.find({}, { projection: { staffId: 1 } }).toArray(),
  ]);
  return staff.map(({ _id, email, role, status, createdAt }) => ({
    id: _id,
    email,
    role,
    status,
    createdAt: createdAt.toISOString(),
    passkeys: keys.filter((key) => key.staffId === _id).length,
  }));
}

/**
 * The role a registration with an invite for `role` leaves an existing staff member with: the invite's, except
 * that the last active admin stays admin (checked under the same claim as a revocation).
 */
export async function roleAfterInvite(store: PracticeStore, known: StaffDoc, role: StaffRole, now: () => Date) {
  if (known.status !== 'active' || known.role !== 'admin' || role === 'admin') return role;
  return store.exclusively(STAFF_CHANGE, now, async () => {
    const others = await store.staff.countDocuments({ role: 'admin', status: 'active', _id: { $ne: known._id } });
    if (others === 0) return 'admin' as const;
    await store.staff.updateOne({ _id: known._id }, { $set: { role } });
    return role;
  });
}

export async function revokeStaff(
  store: PracticeStore,
  sessions: Sessions,
  by: StaffDoc,
  id: string,
  now: () => Date,
): Promise<StaffDoc> {
  if (id === by._id) throw new HttpError(409, NOT_YOURSELF);
  return store.exclusively(STAFF_CHANGE, now, async () => {
    const [actor, staff] = await Promise.all([store.staff.findOne({ _id: by._id }), store.staff.findOne({ _id: id })]);
    // Revoked (or no longer an admin) since her session was read: what the guard would answer now.
    if (!actor || actor.status !== 'active') throw new HttpError(401, NOT_SIGNED_IN);
    if (actor.role !== 'admin') throw new HttpError(403, WRONG_ROLE);
    if (!staff) throw new HttpError(404, NO_SUCH_STAFF);
    if (staff.role === 'admin' && staff.status === 'active') {
      const admins = await store.staff.countDocuments({ role: 'admin', status: 'active', _id: { $ne: id } });
      if (admins === 0) throw new HttpError(409, LAST_ADMIN);
    }
    await store.staff.updateOne({ _id: id }, { $set: { status: 'revoked', revokedAt: now() } });
    await Promise.all([sessions.endAllOf(id), store.passkeys.deleteMany({ staffId: id })]);
    return staff;
  });
}
