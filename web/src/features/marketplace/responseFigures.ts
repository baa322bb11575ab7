import { RESPONSE_TIME_RULE, type ResponseTime } from '@commonwork/contracts';
import { t } from './browse/locales/index.ts';

/** A median wait in words: under an hour in minutes (at least 1), under two days in hours, then days. */
export function waitText(minutes: number): string {
  if (minutes < 60) return t('marketplace.wait.minutes', { minutes: Math.max(1, Math.round(minutes)) });
  const hours = Math.round(minutes / 60);
  if (hours < 48) return t('marketplace.wait.hours', { hours });
  return t('marketplace.wait.days', { days: Math.round(minutes / 1440) });
}

/**
 * The blurb's response rate and response time, from messaging's count (GET /api/chat/response-time),
 * only from `RESPONSE_TIME_RULE.minConversations` conversations on: fewer tell more about chance.
 */
export function responseFigures(figures: ResponseTime | undefined): { rate: string; time: string | null } | null {
  if (!figures || figures.conversations < RESPONSE_TIME_RULE.minConversations) return null;
  return {
    rate: t('marketplace.freelancer.percent', { percent: Math.round((figures.answered / figures.conversations) * 100) }),

    time: figures.medianMinutes === null ? null : waitText(figures.medianMinutes),
  };
}
