import { Schema, type Connection } from 'mongoose';

/**
 * A Stripe customer that this service made, one per e-mail address. Only these may complete a
 * subscription here; `bookingId` is the booking of the latest card setup (/subscribe?sessionId=).
 */
export interface CustomerDocument {
  /** Stripe's customer id. */
  _id: string;
  email: string;
  bookingId?: string;
  createdAt: Date;
  updatedAt: Date;
}

const customerSchema = new Schema<CustomerDocument>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true },
    bookingId: { type: String },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'customers', id: false, versionKey: false, strict: 'throw' },
);
customerSchema.index({ email: 1 }, { unique: true });

export const customerModel = (connection: Connection) => connection.model('Customer', customerSchema);
export type CustomerModel = ReturnType<typeof customerModel>;
