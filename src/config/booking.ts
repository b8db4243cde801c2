/** The exam sign-up page the booking page frames: the build's site settings and the server's CSP default to it, so they agree. */
export const DEFAULT_BOOKING_URL = 'https://booking.zhol.example/exam/';
