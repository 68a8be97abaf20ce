// What an admin does with the staff: the list, an invite, a revocation (which ends her sessions at once and
// deletes her passkeys; an admin cannot revoke herself, so the console always keeps one).
import { HttpError } from '@hhp/kit';
import type { StaffMember } from '@hhp/proto';
import type { PracticeStore, StaffDoc } from '../store.js';
import type { Sessions } from '../sessions/sessions.js';

export const NO_SUCH_STAFF = 'There is no staff member with this id.';
export const NOT_YOURSELF = 'You cannot revoke yourself; another admin can.';

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

export async function revokeStaff(
  store: PracticeStore,
  sessions: Sessions,
  by: StaffDoc,
  id: string,
  now: Date,
): Promise<StaffDoc> {
  if (id === by._id) throw new HttpError(409, NOT_YOURSELF);
  const staff = await store.staff.findOne({ _id: id });
  if (!staff) throw new HttpError(404, NO_SUCH_STAFF);
  await store.staff.updateOne({ _id: id }, { $set: { status: 'revoked', revokedAt: now } });
  await Promise.all([sessions.endAllOf(id), store.passkeys.deleteMany({ staffId: id })]);
  return staff;
}
