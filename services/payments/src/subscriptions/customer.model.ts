import type { Connection } from 'mongoose';
import { recordSchema } from '@hhp/kit';

/**
 * A Stripe customer that this service made, one per e-mail address. Only these may complete a
 * subscription here. (The booking a subscription confirms travels with its attempt, in the completion token:
 * kept on the customer, another attempt with the same address could swap it.)
 */
export interface CustomerDocument {
  /** Stripe's customer id. */
  _id: string;
  email: string;
  createdAt: Date;
  updatedAt: Date;
}

const customerSchema = recordSchema<CustomerDocument>('customers', {
  email: { type: String, required: true },
  createdAt: { type: Date, required: true },
  updatedAt: { type: Date, required: true },
});
customerSchema.index({ email: 1 }, { unique: true });

export const customerModel = (connection: Connection) => connection.model('Customer', customerSchema);
export type CustomerModel = ReturnType<typeof customerModel>;
