// rpc.payments.v1.status: booking asks before it holds a slot whether a payment can be taken at all. The
// answer is this service's configuration (Stripe's keys set or not), the one source the browser also reads
// through GET /api/payments/config, so booking never holds a slot for a payment that cannot happen.
import { PaymentsStatusRequest, RpcSubjects, type PaymentsStatusResponse } from '@hhp/proto';
import type { EventBus } from '@hhp/kit';

export function paymentsStatusReplies(bus: EventBus, status: PaymentsStatusResponse) {
  const replies = bus.reply(RpcSubjects.paymentsStatus, {
    request: PaymentsStatusRequest,
    handler: async () => status,
  });
  return { drain: () => replies.drain() };
}
