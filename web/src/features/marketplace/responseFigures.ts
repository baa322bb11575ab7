import { RESPONSE_TIME_RULE, type ResponseTime } from '@commonwork/contracts';

/** A median wait in words: under an hour in minutes (at least 1), under two days in hours, then days. */
export function waitText(minutes: number): string {
  if (minutes < 60) return `${Math.max(1, Math.round(minutes))} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return hours === 1 ? '1 hour' : `${hours} hours`;
  return `${Math.round(minutes / 1440)} days`;
}

/**
 * The blurb's response rate and response time, from messaging's count (GET /api/chat/response-time),
 * only from `RESPONSE_TIME_RULE.minConversations` conversations on: fewer tell more about chance.
 */
export function responseFigures(figures: ResponseTime | undefined): { rate: string; time: string | null } | null {
  if (!figures || figures.conversations < RESPONSE_TIME_RULE.minConversations) return null;
  return {
    rate: `${Math.round((figures.answered / figures.conversations) * 100)}%`,
    time: figures.medianMinutes === null ? null : waitText(figures.medianMinutes),
  };
}
