import type { EventCategory } from '@commonwork/contracts';

/** What a demo event's picture shows beside its title (drawn by the demo seed). */
export type DemoMotif = 'code' | 'cloud' | 'chart' | 'palette' | 'people' | 'bolt' | 'database' | 'pen' | 'book' | 'globe';

/**
 * One subject a demo event can be about: its title, a sentence on what happens, its tags and its
 * picture's motif, all together, so an event's tags and picture follow from its title and can never
 * contradict it ('Kubernetes cost control' is tagged kubernetes, never postgresql).
 */
export interface EventTopic {
  category: EventCategory;
  title: string;
  about: string;
  tags: readonly string[];
  motif: DemoMotif;
}

const topic = (category: EventCategory, title: string, motif: DemoMotif, tags: string[], about: string): EventTopic => ({
  category,
  title,
  motif,
  tags,
  about,
});

/** How an event of each category runs, after its topic's own sentence. */
export const CATEGORY_FORMAT: Record<EventCategory, string> = {
  workshop: 'A practical, laptop-open session: short talks, then exercises in pairs with mentors in the room.',
  conference: 'A day of talks from people shipping real products, with time for hallway conversations between sessions.',
  networking: 'No talks, just good conversations: swap leads, stories and advice.',
  hackathon: 'Form a team, pick a challenge, build for 24 hours and demo to the jury. Food and coffee included.',
  webinar: 'An online session with live questions at the end; the recording goes to everyone registered.',
  meetup: 'Two talks, pizza and time to chat. Newcomers welcome: the first talk is always beginner-friendly.',
  other: 'An informal evening to share work and get friendly feedback from peers.',
};

/** Every topic, at least three per category. */
export const EVENT_TOPICS: readonly EventTopic[] = [
  topic(
    'workshop',
    'Hands-on React Server Components',
    'code',
    ['react', 'nextjs', 'frontend'],
    'Build a small shop with React Server Components and learn where the server ends and the client begins.',
  ),
  topic(
    'workshop',
    'Testing event-sourced services',
    'code',
    ['testing', 'typescript', 'event sourcing'],
    'Write given/when/then tests for deciders and projections, then test a service through its HTTP API.',
  ),
  topic(
    'workshop',
    'Accessible forms from scratch',
    'code',
    ['accessibility', 'html', 'frontend'],
    'Labels, errors and keyboard flow: make a sign-up form that works with a screen reader.',
  ),
  topic(
    'workshop',
    'Intro to Rust for web developers',
    'code',
    ['rust', 'webassembly'],
    'Ownership and borrowing explained for JavaScript developers, then a small WebAssembly module.',
  ),
  topic(
    'conference',
    'Frontend Futures Conference',
    'code',
    ['frontend', 'react', 'css'],
    'Talks on rendering, CSS and the web platform from teams who ship to millions.',
  ),
  topic(
    'conference',
    'DevOps Days',
    'cloud',
    ['devops', 'kubernetes', 'cloud'],
    'Platform teams share how they deploy, observe and keep production calm.',
  ),
  topic(
    'conference',
    'Data and AI Summit',
    'chart',
    ['ai', 'machine learning', 'data'],
    'From notebooks to production: talks on models, data pipelines and honest evaluation.',
  ),
  topic(
    'conference',
    'Open Source Builders Conf',
    'globe',
    ['open source', 'community'],
    'Maintainers talk about funding, governance and welcoming new contributors.',
  ),
  topic(
    'networking',
    'Freelancers coffee morning',
    'people',
    ['freelance', 'community'],
    'Meet other freelancers over coffee and hear how they find clients.',
  ),
  topic(
    'networking',
    'Founders and makers mixer',
    'people',
    ['startups', 'founders'],
    'Founders looking for builders and builders looking for a product to believe in.',
  ),
  topic(
    'networking',
    'Women in Tech evening',
    'people',
    ['women in tech', 'careers', 'community'],
    'An evening with women engineers, designers and founders, and everyone who supports them.',
  ),
  topic(
    'networking',
    'Remote workers meet-up',
    'people',
    ['remote', 'freelance'],
    'Working from home all week? Come and meet the people behind the video calls.',
  ),
  topic(
    'hackathon',
    'Climate Hack Weekend',
    'bolt',
    ['climate', 'open data', 'hackathon'],
    'Build tools that help cities and people cut emissions, with open climate data.',
  ),
  topic(
    'hackathon',
    'Civic Tech Hackathon',
    'bolt',
    ['civic tech', 'open data', 'hackathon'],
    'Make public services easier to use, with the city council in the room.',
  ),
  topic(
    'hackathon',
    'AI for Good Hack',
    'bolt',
    ['ai', 'python', 'hackathon'],
    'Use language and vision models on problems charities bring to the table.',
  ),
  topic(
    'webinar',
    'Pricing your freelance work',
    'chart',
    ['freelance', 'pricing', 'business'],
    'Day rates, fixed prices and retainers: how to charge what your work is worth.',
  ),
  topic(
    'webinar',
    'Kubernetes cost control',
    'cloud',
    ['kubernetes', 'cloud', 'finops'],
    'Requests, limits and autoscaling: cut your cluster bill without hurting reliability.',
  ),
  topic(
    'webinar',
    'Writing proposals that win',
    'pen',
    ['freelance', 'writing', 'proposals'],
    'What clients read first, and how to write a proposal that answers it.',
  ),
  topic(
    'webinar',
    'PostgreSQL performance basics',
    'database',
    ['postgresql', 'databases', 'performance'],
    'Read a query plan, pick the right index and find the slow queries before your users do.',
  ),
  topic(
    'meetup',
    'TypeScript Meetup',
    'code',
    ['typescript', 'javascript'],
    'This month: strict mode in a large code base, and types that document themselves.',
  ),
  topic(
    'meetup',
    'Node.js Night',
    'code',
    ['nodejs', 'javascript', 'backend'],
    'Streams, workers and the event loop: two talks from people running Node.js in production.',
  ),
  topic(
    'meetup',
    'Design Systems Meetup',
    'palette',
    ['design systems', 'figma', 'ui design'],
    'How teams keep components, tokens and documentation in step between design and code.',
  ),
  topic('meetup', 'Python User Group', 'code', ['python', 'data'], 'Packaging, typing and a lightning talk on your favourite library.'),
  topic(
    'other',
    'Portfolio review night',
    'palette',
    ['portfolio', 'design', 'careers'],
    'Bring your portfolio and get kind, specific feedback from designers and hiring managers.',
  ),
  topic(
    'other',
    'Tech book club',
    'book',
    ['books', 'software craft'],
    'This month we discuss a classic on software design, chapter by chapter.',
  ),
  topic(
    'other',
    'Side project show and tell',
    'bolt',
    ['side projects', 'community'],
    'Five minutes each to show what you built on weekends, however small.',
  ),
];
