import type { LucideIcon } from 'lucide-react';
import Briefcase from 'lucide-react/icons/briefcase';
import CalendarDays from 'lucide-react/icons/calendar-days';
import MessagesSquare from 'lucide-react/icons/messages-square';

export interface Feature {
  title: string;
  description: string;
  points: string[];
  icon: LucideIcon;
}

/** The three pillars of spec 000 §1. */
export const FEATURES: Feature[] = [
  {
    title: 'Freelance Marketplace',
    description: 'Turn your skills into paid work.',
    points: ['Publish gigs that sell your services', 'Build a portfolio that shows your best work', 'Meet clients looking for tech talent'],
    icon: Briefcase,
  },
  {
    title: 'Tech Communities',
    description: 'Talk shop with people who build what you build.',
    points: ['Real-time discussion in topic channels', 'Public and private channels', 'Share links, code and ideas as they happen'],
    icon: MessagesSquare,
  },
  {
    title: 'Live Events and Learning',
    description: 'Learn, compete and meet people.',
    points: ['Virtual hackathons', 'Hands-on workshops', 'Conferences with the community'],
    icon: CalendarDays,
  },
];

export interface FaqEntry {
  question: string;
  answer: string;
}

/** The landing FAQ (spec 000 §1): free membership, premium plans, who organises events, vetting. */
export const LANDING_FAQ: FaqEntry[] = [
  {
    question: 'Is Commonwork free to join?',
    answer: 'Yes. Basic membership is free: create your profile, publish gigs, join communities and attend events without paying anything.',
  },
  {
    question: 'What do premium plans add?',
    answer:
      'Premium plans add priority job matching, so your profile is suggested to clients first, and exclusive event access to members-only workshops and sessions.',
  },
  {
    question: 'Who can organise events?',
    answer:
      'Community leaders and verified members can organise events: virtual hackathons, workshops and conferences for the whole community.',
  },
  {
    question: 'How are freelancers and clients vetted?',
    answer: 'Freelancers and clients are vetted and verified before they can trade, and reviews after each gig keep everyone accountable.',
  },
  {
    question: 'How do I find paid gigs?',
    answer:
      'Browse the Freelance Marketplace by category and budget, or publish your own gig and let clients come to you. Premium members get priority matching.',
  },
  {
    question: 'What happens in tech communities?',
    answer:
      'Each community has channels for real-time discussion. Join public channels freely, or get an invitation link to a private one.',
  },
];

/** Where 'Contact Support' goes: the spec does not say, so it opens an email to support. */
export const SUPPORT_EMAIL = 'support@commonwork.local';
