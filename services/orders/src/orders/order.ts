/** The order aggregate's stored events (issue 30). */
export type OrderEvent = never;
