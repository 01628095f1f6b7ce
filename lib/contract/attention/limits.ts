/** The longest reason an acceptance keeps (the accept dialog's counter and the console API's check). */
export const ACCEPT_REASON_MAX = 500;
