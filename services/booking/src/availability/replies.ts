// rpc.booking.v1.practice-availability and ...-availability-set: the console's availability (practice asks,
// for a staff session it has checked; every request is checked again here by its schema).
import { PracticeAvailabilityRequest, PracticeAvailabilitySetRequest, RpcSubjects } from '@hhp/proto';
import type { EventBus } from '@hhp/kit';
import type { BookingDeps } from '../rules.js';
import { availabilityState, changeAvailability } from './change-availability.js';

export function availabilityReplies(bus: EventBus, deps: BookingDeps) {
  const read = bus.reply(RpcSubjects.practiceAvailability, {
    request: PracticeAvailabilityRequest,
    handler: () => availabilityState(deps),
  });
  const set = bus.reply(RpcSubjects.practiceAvailabilitySet, {
    request: PracticeAvailabilitySetRequest,
    handler: (request) => changeAvailability(deps, request),
  });
  return { drain: () => Promise.all([read.drain(), set.drain()]) };
}
