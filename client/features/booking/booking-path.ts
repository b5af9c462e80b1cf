import { localizePath, type Language } from '../../../shared/languages';

/** Where the booking's details are read: a route with a loader and no page (booking.ts), under each language. */
export const BOOKING_PATH = '/numbers/booking';

export const bookingPath = (lang: Language) => localizePath(BOOKING_PATH, lang);
