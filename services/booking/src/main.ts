// The booking service: the practice's calendars, bookings and their holds, confirmed by payments' events.
import { loadConfig, runService } from '@hhp/kit';
import { BookingConfig } from './config.js';
import { bookingService } from './service.js';

const config = loadConfig(BookingConfig);

await runService({ name: 'booking', config, setup: bookingService });
