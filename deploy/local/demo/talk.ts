// What the demo's people say: community channels and gig conversations, as people in a tech
// community write them. Speakers are numbered within a script (0 is the channel's creator); the
// demo assigns real people to the numbers, and `{@n}` in a line mentions speaker n by their username.

/** A line of a script: which speaker says it and what. */
export type ScriptLine = [speaker: number, content: string];

export interface ChannelScript {
  name: string;
  description: string;
  category: 'general' | 'random' | 'tech' | 'music';
  lines: readonly ScriptLine[];
}

export const CHANNEL_SCRIPTS: readonly ChannelScript[] = [
  {
    name: 'welcome',
    description: 'Say hello, tell us what you work on and what you are looking for.',
    category: 'general',
    lines: [
      [0, 'Welcome everyone! Introduce yourself here: what you do, where you are, and what brought you to Commonwork.'],
      [
        1,
        'Hi all, frontend developer from Lisbon. Mostly React and accessibility work, looking for a couple of longer projects this winter.',
      ],
      [2, 'Hello! Data analyst turned freelancer, six months in. Happy to help anyone untangle a messy spreadsheet.'],
      [3, 'Hey, DevOps person here. If your CI takes more than ten minutes, we should talk.'],
      [0, 'Great to have you all. The events tab has a freelancers coffee morning coming up, worth a visit.'],
      [4, 'Brand designer from Nairobi. I just finished my first mascot logo on here and the client loved it.'],
      [1, 'Congrats! Mascots are so much harder than they look.'],
      [5, 'Hi everyone, technical writer. I write API docs and tutorials, and I review READMEs for free on Fridays.'],
    ],
  },
  {
    name: 'frontend',
    description: 'React, Vue, Svelte, CSS and everything that runs in the browser.',
    category: 'tech',
    lines: [
      [0, 'Has anyone moved a big app to React Server Components yet? Curious how the data fetching story held up.'],
      [1, 'We did for a marketing site. Great for pages that are mostly content, less so for the dashboard with live filters.'],
      [2, 'Same here. We kept the interactive parts as client components and it worked out fine.'],
      [0, 'That matches what I expected. Did your bundle size actually go down?'],
      [1, 'About 30% on the landing pages. The admin side barely moved.'],
      [3, 'Unrelated, but container queries are finally usable everywhere. I deleted half my resize observers this week.'],
      [2, 'Container queries are the best thing to happen to CSS since flexbox, fight me.'],
      [4, 'Anyone have a good checklist for accessible forms? A client asked for a WCAG audit.'],
      [1, 'Start with labels, error messages tied to fields with aria-describedby, and keyboard order. That covers most findings.'],
      [4, 'Thanks {@1}, that is a good place to start.'],
    ],
  },
  {
    name: 'devops-and-cloud',
    description: 'Kubernetes, CI/CD, cloud bills and the pager.',
    category: 'tech',
    lines: [
      [0, 'Our Kubernetes bill doubled in three months. Where would you look first?'],
      [1, 'Requests vs actual usage. Most clusters I audit reserve three times what they use.'],
      [2, 'Also check for load balancers nobody remembers creating. Found eleven at my last client.'],
      [0, 'Ouch. OK, pulling the usage numbers now.'],
      [3, 'The Kubernetes cost control webinar next week covers exactly this, might be worth joining.'],
      [1, 'GitHub Actions question: does anyone cache node_modules or just the npm cache?'],
      [2, 'Just the npm cache, then npm ci. Caching node_modules bit me with native modules.'],
      [0, 'Update: requests were set to 2 CPUs on services using 0.2. Bill is going to look very different next month.'],
    ],
  },
  {
    name: 'freelance-life',
    description: 'Pricing, proposals, clients and keeping your sanity.',
    category: 'general',
    lines: [
      [0, 'How do you all handle clients who want "just a small change" after delivery?'],
      [1, 'I include one round of revisions and write down what counts as a revision before we start.'],
      [2, 'Same, and anything new gets a separate quote. Clients respect it more than you would think.'],
      [3, 'Raised my prices by 20% this month and lost zero clients. Wish I had done it a year ago.'],
      [0, 'That is encouraging. Did you tell existing clients in advance?'],
      [3, 'One month notice by email, with a short note on what they get. Nobody complained.'],
      [4, 'Proposal tip: put the outcome in the first sentence. Clients skim.'],
      [1, 'The pricing webinar on the events page was useful for this too.'],
    ],
  },
  {
    name: 'random',
    description: 'Off-topic: desks, coffee, side projects and pets on keyboards.',
    category: 'random',
    lines: [
      [0, 'Show us your desk setup. Mine is a kitchen table and a very patient cat.'],
      [1, 'Standing desk that I have stood at exactly twice.'],
      [2, 'Balcony office until it gets cold, then back to the sofa.'],
      [3, 'Built a tiny app that tells me when the bakery downstairs has fresh bread. Best side project ever.'],
      [0, 'Please open source it, this is important infrastructure.'],
      [1, 'Anyone going to the side project show and tell? I want to see that bread app.'],
    ],
  },
  {
    name: 'coding-music',
    description: 'What you listen to while you work.',
    category: 'music',
    lines: [
      [0, 'Drop your focus playlists here. I start with lo-fi and end the day with film scores.'],
      [1, 'Video game soundtracks. They are literally designed to keep you focused without distracting you.'],
      [2, 'Jazz piano trios for writing, techno for debugging.'],
      [0, 'Techno for debugging is a strong choice.'],
      [3, 'Rain sounds and nothing else. I am boring.'],
    ],
  },
];

/** A gig conversation: the buyer (0) writes first, the seller (1) answers; `{title}` is the gig's title. */
export const CHAT_SCRIPTS: readonly (readonly ScriptLine[])[] = [
  [
    [0, 'Hi! I found your gig "{title}". Do you have time to start next week?'],
    [1, 'Hi, thanks for reaching out! Yes, I can start on Monday. Could you tell me a bit about the project?'],
    [0, 'It is for a small online shop, we are relaunching in January. I can send the brief today.'],
    [1, 'Sounds good. Send it over and I will come back with questions and a timeline by tomorrow.'],
    [0, 'Sent! Let me know if anything is unclear.'],
  ],
  [
    [0, 'Hello, is the price on "{title}" for the whole thing, or are there extras?'],
    [1, 'Hi! The price covers everything in the description. Extra revisions or rush delivery are the only add-ons.'],
    [0, 'Perfect. And you can work with our existing brand colours?'],
    [1, 'Of course, just share the brand guide and I will follow it.'],
  ],
  [
    [0, 'Hi, I would like to order "{title}" but our deadline is tight. Is a faster delivery possible?'],
    [1, 'It depends on the scope. What is the deadline?'],
    [0, 'End of next week.'],
    [1, 'That works if we agree on the scope by Monday. I will send a short plan.'],
    [0, 'Great, talk soon!'],
  ],
  [
    [0, 'Hey, quick question about "{title}": do you also write the documentation for the handover?'],
    [1, 'Yes, you get a short handover document and a 30-minute call at the end.'],
  ],
];

/** A tech event's channel before it takes place: the organiser (0) and two attendees; `{title}` is the event's. */
export const UPCOMING_EVENT_TALK: readonly ScriptLine[] = [
  [0, 'Welcome to the channel for {title}! Ask anything about the venue or the schedule here.'],
  [1, 'Looking forward to it! Will the main session be recorded?'],
  [0, 'Yes, the recording goes to everyone registered the day after.'],
  [2, 'Anyone coming from out of town? Happy to share tips on getting there.'],
];

/** A tech event's channel after it took place. */
export const PAST_EVENT_TALK: readonly ScriptLine[] = [
  [0, 'Thank you all for coming to {title}! Slides and the recording follow here tomorrow.'],
  [1, 'Great session, thanks! The questions at the end were the best part.'],
  [2, 'Slides please, and thanks for organising!'],
  [0, 'Slides are up, link in the event description. See you at the next one!'],
];
