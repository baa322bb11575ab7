import type { LucideIcon } from 'lucide-react';
import Briefcase from 'lucide-react/icons/briefcase';
import CalendarDays from 'lucide-react/icons/calendar-days';
import MessagesSquare from 'lucide-react/icons/messages-square';
import type { t } from './locales/index.ts';

/** A landing message's id: the words are looked up where they are drawn. */
type LandingMessage = Parameters<typeof t>[0];

export interface Feature {
  title: LandingMessage;
  description: LandingMessage;
  points: LandingMessage[];
  icon: LucideIcon;
}

/** The three pillars of spec 000 §1. */
export const FEATURES: Feature[] = [
  {
    title: 'landing.features.marketplace.title',
    description: 'landing.features.marketplace.description',
    points: ['landing.features.marketplace.point1', 'landing.features.marketplace.point2', 'landing.features.marketplace.point3'],
    icon: Briefcase,
  },
  {
    title: 'landing.features.communities.title',
    description: 'landing.features.communities.description',
    points: ['landing.features.communities.point1', 'landing.features.communities.point2', 'landing.features.communities.point3'],
    icon: MessagesSquare,
  },
  {
    title: 'landing.features.events.title',
    description: 'landing.features.events.description',
    points: ['landing.features.events.point1', 'landing.features.events.point2', 'landing.features.events.point3'],
    icon: CalendarDays,
  },
];

export interface FaqEntry {
  question: LandingMessage;
  answer: LandingMessage;
}

/** The landing FAQ (spec 000 §1): free membership, premium plans, who organises events, vetting. */
export const LANDING_FAQ: FaqEntry[] = [
  { question: 'landing.faq.free.question', answer: 'landing.faq.free.answer' },
  { question: 'landing.faq.premium.question', answer: 'landing.faq.premium.answer' },
  { question: 'landing.faq.organise.question', answer: 'landing.faq.organise.answer' },
  { question: 'landing.faq.vetting.question', answer: 'landing.faq.vetting.answer' },
  { question: 'landing.faq.findGigs.question', answer: 'landing.faq.findGigs.answer' },
  { question: 'landing.faq.communities.question', answer: 'landing.faq.communities.answer' },
];

/** Where 'Contact Support' goes: the spec does not say, so it opens an email to support. */
export const SUPPORT_EMAIL = 'support@commonwork.local';
