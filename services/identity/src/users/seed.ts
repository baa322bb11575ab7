import { createHash } from 'node:crypto';
import type { EventMetadata, GigCategory } from '@commonwork/contracts';
import { type Database, importEvents, pickOne, type Random, randomInt, seededUuid } from '@commonwork/kit';
import type { Kysely } from 'kysely';
import type { IdentityTables } from '../tables.ts';
import { userAggregate } from './aggregate.ts';
import { decide, evolve, type UserCommand } from './decide.ts';
import { initialUserState, type UserCard, type UserEvent, type UserState } from './user.ts';

/** A seeded person, with what the marketplace seed needs: their card and the gigs they would offer. */
export interface SeededUser {
  userId: string;
  email: string;
  name: string;
  username: string;
  /** The gig category their work falls in. */
  focus: GigCategory;
  card: UserCard;
  /** When the card last changed (the UserProfileUpdated event). */
  cardAt: Date;
}

export interface SeedUsersOptions {
  /** Reference time; people registered 190-560 days before it. Default: now. */
  now?: Date;
  metadata?: EventMetadata;
  /** A profile picture per person (an image the caller stores in media), set with their profile; default none. */
  pictureOf?: (person: { userId: string; name: string }) => { picture: string; picturePublicId: string };
}

const words = (text: string) => text.trim().split(/\s+/);
const items = (text: string) => text.trim().split(/;\s*/);

const FIRST = words(`
  Maya Liam Aisha Mateo Sofia Kenji Amara Lucas Priya Noah Chloe Diego Fatima Oliver Yuki Elena Kwame Hannah Ravi Isabella
  Tomasz Zara Mohammed Freya Carlos Ngozi Jonas Leila Ethan Mei Santiago Ingrid Arjun Camille Dmitri Ana Samuel Nadia
  Hiroshi Grace Omar Valentina Felix Chiamaka Lars Lucia Tariq Emma Vikram Astrid
`);
const LAST = words(`
  Chen Okafor Garcia Nakamura Rossi Patel Kowalski Haddad Andersson Mensah Silva Novak Fischer Ibrahim Dubois Kim Moreno
  Schmidt Adeyemi Sato Romero Jensen Khan Costa Müller Nguyen Petrov Oliveira Eriksen Singh Murphy Tanaka Hernández
  Bianchi Mwangi Lindqvist Reyes Farouk Walsh Yilmaz Kaplan Berg Laurent Ortiz Banerjee Osei Weber Alves Horvat Park
`);
const LOCATIONS = items(`
  Lisbon, Portugal; Berlin, Germany; Lagos, Nigeria; Bangalore, India; Toronto, Canada; Austin, USA; São Paulo, Brazil;
  Warsaw, Poland; Nairobi, Kenya; Tokyo, Japan; Mexico City, Mexico; Amsterdam, Netherlands; Cape Town, South Africa;
  Manila, Philippines; Buenos Aires, Argentina; Stockholm, Sweden; Cairo, Egypt; Seoul, South Korea; Dublin, Ireland;
  Accra, Ghana; Barcelona, Spain; Ho Chi Minh City, Vietnam; Istanbul, Turkey; Kraków, Poland; Melbourne, Australia;
  Bucharest, Romania; Medellín, Colombia; Tallinn, Estonia; Remote; Montreal, Canada
`);

/** What people do: their titles, the skills they list, and the gig category it leads to. */
const SPECIALTIES: { focus: GigCategory; titles: string[]; skills: string[]; bio: string }[] = [
  {
    focus: 'web',
    titles: ['Frontend Engineer', 'Senior React Developer', 'Vue.js Developer'],
    skills: ['React', 'TypeScript', 'Next.js', 'Vue', 'Tailwind CSS', 'Accessibility', 'Vite', 'Svelte'],
    bio: 'I build fast, accessible interfaces and care about the details users feel.',
  },
  {
    focus: 'web',
    titles: ['Backend Developer', 'Node.js Engineer', 'API Developer'],
    skills: ['Node.js', 'PostgreSQL', 'Go', 'Django', 'GraphQL', 'Redis', 'Docker', 'REST APIs'],
    bio: 'I design APIs and data models that stay simple as products grow.',
  },
  {
    focus: 'web',
    titles: ['Full Stack Developer', 'Product Engineer', 'WordPress Developer', 'Shopify Expert'],
    skills: ['Next.js', 'Prisma', 'Laravel', 'WordPress', 'Shopify', 'Stripe', 'PHP', 'React'],
    bio: 'I ship complete products for founders, from the first sketch to paying customers.',
  },
  {
    focus: 'mobile',
    titles: ['iOS Developer', 'Mobile Engineer', 'Swift Developer'],
    skills: ['Swift', 'SwiftUI', 'Xcode', 'Core Data', 'Firebase', 'App Store Connect'],
    bio: 'I make native iPhone apps that feel at home on the platform.',
  },
  {
    focus: 'mobile',
    titles: ['Android Developer', 'Flutter Developer', 'React Native Developer'],
    skills: ['Kotlin', 'Jetpack Compose', 'Flutter', 'Dart', 'React Native', 'Firebase'],
    bio: 'I build mobile apps for Android and iOS with one team and one code base.',
  },
  {
    focus: 'design',
    titles: ['Product Designer', 'UI/UX Designer', 'UX Researcher'],
    skills: ['Figma', 'Prototyping', 'User Research', 'Design Systems', 'Wireframing', 'Usability Testing'],
    bio: 'I design products people understand without a manual.',
  },
  {
    focus: 'design',
    titles: ['Brand Designer', 'Graphic Designer', 'Logo Designer', 'Illustrator'],
    skills: ['Adobe Illustrator', 'Photoshop', 'Branding', 'Typography', 'Logo Design', 'Canva'],
    bio: 'I give small businesses a look that makes them remembered.',
  },
  {
    focus: 'data',
    titles: ['Data Analyst', 'BI Developer', 'Analytics Engineer'],
    skills: ['Python', 'SQL', 'pandas', 'Power BI', 'Tableau', 'dbt', 'Excel', 'Statistics'],
    bio: 'I turn data into decisions and dashboards into habits.',
  },
  {
    focus: 'data',
    titles: ['Machine Learning Engineer', 'Data Scientist', 'AI Engineer'],
    skills: ['Python', 'PyTorch', 'scikit-learn', 'LLMs', 'NLP', 'MLOps', 'TensorFlow', 'OpenAI API'],
    bio: 'I build machine learning that works outside the notebook.',
  },
  {
    focus: 'devops',
    titles: ['DevOps Engineer', 'Site Reliability Engineer', 'Platform Engineer'],
    skills: ['Kubernetes', 'Terraform', 'Docker', 'Prometheus', 'Helm', 'Linux', 'Ansible'],
    bio: 'I keep systems boring: reliable, observable and cheap to run.',
  },
  {
    focus: 'devops',
    titles: ['Cloud Architect', 'AWS Solutions Architect', 'CI/CD Engineer'],
    skills: ['AWS', 'Google Cloud', 'Azure', 'GitHub Actions', 'Serverless', 'Cloudflare', 'Security'],
    bio: 'I help teams move to the cloud without surprises on the bill.',
  },
  {
    focus: 'writing',
    titles: ['Technical Writer', 'Documentation Engineer'],
    skills: ['Technical Writing', 'API Documentation', 'Markdown', 'Docs as Code', 'Developer Relations'],
    bio: 'I write the documentation developers wish every product had.',
  },
  {
    focus: 'writing',
    titles: ['Copywriter', 'Content Writer', 'Content Strategist'],
    skills: ['Copywriting', 'SEO Writing', 'Content Strategy', 'Email Marketing', 'Editing', 'Storytelling'],
    bio: 'I write words that sound like you and sell like a pro.',
  },
  {
    focus: 'marketing',
    titles: ['SEO Specialist', 'Growth Marketer'],
    skills: ['SEO', 'Google Search Console', 'Ahrefs', 'Keyword Research', 'Google Analytics', 'Link Building'],
    bio: 'I grow organic traffic with patience and a spreadsheet.',
  },
  {
    focus: 'marketing',
    titles: ['Performance Marketer', 'Social Media Manager', 'PPC Specialist'],
    skills: ['Google Ads', 'Meta Ads', 'TikTok', 'Content Calendar', 'Analytics', 'A/B Testing'],
    bio: 'I run campaigns that pay for themselves, and show you the numbers.',
  },
];

const DAY_MS = 86_400_000;
/** Streams per `appendToStreams` call. */
const BATCH = 300;

const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[^a-zA-Z]/g, '')
    .toLowerCase();

/** The subject the developer sign-in gives an email, so a demo person can be signed in as. */
const devSubject = (email: string) => `dev:${createHash('sha256').update(email).digest('hex').slice(0, 32)}`;

interface Person {
  userId: string;
  email: string;
  register: Extract<UserCommand, { type: 'Register' }>;
  complete: Extract<UserCommand, { type: 'CompleteProfile' }>;
  update: Extract<UserCommand, { type: 'UpdateProfile' }>;
  focus: GigCategory;
  daysAgo: number;
}

function buildPeople(rng: Random, n: number): Person[] {
  const names = new Set<string>();
  const handles = new Map<string, number>();
  return Array.from({ length: n }, () => {
    let name = `${pickOne(rng, FIRST)} ${pickOne(rng, LAST)}`;
    for (let tries = 0; names.has(name) && tries < 20; tries++) name = `${pickOne(rng, FIRST)} ${pickOne(rng, LAST)}`;
    names.add(name);
    const [first = '', last = ''] = name.split(' ');
    const base = `${ascii(first)}_${ascii(last)}`;
    const count = (handles.get(base) ?? 0) + 1;
    handles.set(base, count);
    const username = count === 1 ? base : `${base}${count}`;
    const email = `${username.replace('_', '.')}@example.com`;
    const userId = seededUuid(rng);
    const specialty = pickOne(rng, SPECIALTIES);
    const title = pickOne(rng, specialty.titles);
    const years = randomInt(rng, 2, 15);
    const skills = [...specialty.skills]
      .sort((a, b) => a.localeCompare(b))
      .filter(() => rng() < 0.7)
      .slice(0, 7);
    const changes = {
      title,
      location: pickOne(rng, LOCATIONS),
      skills: skills.length >= 3 ? skills : specialty.skills.slice(0, 4),
      ...(rng() < 0.6 && { github: `https://github.com/${username.replace('_', '')}` }),
      ...(rng() < 0.3 && { website: `https://${username.replace('_', '')}.dev` }),
      ...(rng() < 0.4 && { linkedin: `https://www.linkedin.com/in/${username.replace('_', '-')}` }),
    };
    const bio = `${title} with ${years} years of experience. ${specialty.bio}`;
    // The seed once drew a rating here; a person's rating now comes from their orders' reviews. The
    // draws stay, so every later one, and with it every gig of a seed, is what it was.
    const drewRating = rng() < 0.8;
    if (drewRating) rng();
    const daysAgo = randomInt(rng, 190, 560);
    if (drewRating) rng();
    return {
      userId,
      email,
      register: { type: 'Register', userId, subject: devSubject(email), email, name, picture: '' },
      complete: { type: 'CompleteProfile', name, username, bio },
      update: { type: 'UpdateProfile', changes },
      focus: specialty.focus,
      daysAgo,
    };
  });
}

/** Renames people whose username or email someone else in the table already has (a real sign-up before the seed). */
async function avoidTaken(db: Kysely<IdentityTables>, people: Person[]) {
  const usernames = people.map((p) => p.complete.username.toLowerCase());
  const emails = people.map((p) => p.email);
  const taken = await db
    .selectFrom('users')
    .select(['username_lower', 'email'])
    .where((eb) => eb.or([eb('username_lower', 'in', usernames), eb('email', 'in', emails)]))
    .execute();
  const clash = new Set(taken.flatMap((t) => [t.username_lower, t.email]));
  for (const p of people) {
    if (!clash.has(p.complete.username.toLowerCase()) && !clash.has(p.email)) continue;
    const username = `${p.complete.username}_${p.userId.slice(0, 4)}`;
    p.complete = { ...p.complete, username };
    p.email = `${username.replace('_', '.')}@example.com`;
    p.register = { ...p.register, email: p.email, subject: devSubject(p.email) };
  }
}

/**
 * Seeds `n` people through identity's write path: `decide` makes each UserRegistered,
 * UserProfileCompleted and UserProfileUpdated (title, location, skills, links), and `importEvents`
 * stores and projects them a few hundred streams per call, in one transaction. Deterministic from `rng`; people already in the table (a re-run of the same seed)
 * are returned, not appended again. Ratings come from the reviews of their orders (orders' seed).
 */
export async function seedUsers(database: Database, n: number, rng: Random, options: SeedUsersOptions = {}): Promise<SeededUser[]> {
  const now = options.now ?? new Date();
  const metadata = options.metadata ?? { actorId: null, correlationId: 'seed', causationId: null };
  const db = database.forSchema<IdentityTables>('identity');
  const people = buildPeople(rng, n);
  if (people.length === 0) return [];
  const { pictureOf } = options;
  if (pictureOf)
    for (const p of people)
      p.update = { ...p.update, changes: { ...p.update.changes, ...pictureOf({ userId: p.userId, name: p.complete.name }) } };
  const ids = people.map((p) => p.userId);
  const existing = new Set((await db.selectFrom('users').select('id').where('id', 'in', ids).execute()).map((r) => r.id));
  const fresh = people.filter((p) => !existing.has(p.userId));
  if (fresh.length > 0) await avoidTaken(db, fresh);

  const seeded = fresh.map((p) => {
    const events: UserEvent[] = [];
    let state: UserState = initialUserState();
    for (const command of [p.register, p.complete, p.update]) {
      const decided = decide(command, state);
      state = decided.reduce(evolve, state);
      events.push(...decided);
    }
    return { person: p, events };
  });

  // One week of registrations per group of calls: each person's three events get three distinct times.
  const byWeek = new Map<number, typeof seeded>();
  for (const s of seeded) {
    const week = Math.floor(s.person.daysAgo / 7);
    byWeek.set(week, [...(byWeek.get(week) ?? []), s]);
  }
  const timesOf = (week: number) => {
    const registered = now.getTime() - week * 7 * DAY_MS - ((week * 7_919) % 36_000) * 1_000;
    return [new Date(registered), new Date(registered + 6 * 60_000), new Date(registered + DAY_MS)];
  };
  await db.transaction().execute(async (trx) => {
    for (const [week, group] of [...byWeek].sort(([a], [b]) => b - a)) {
      const times = timesOf(week);
      for (let i = 0; i < group.length; i += BATCH) {
        const batch = group.slice(i, i + BATCH);
        for (let step = 0; step < 3; step++) {
          const appends = batch.flatMap((s) => {
            const event = s.events[step];
            return event ? [{ id: s.person.userId, expectedVersion: step, events: [event] }] : [];
          });
          await importEvents(trx, userAggregate, { schema: 'identity', metadata, now: times[step] ?? now, appends });
        }
      }
    }
  });

  // Read back what the table holds, so people kept from an earlier run come with their real card and time.
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'username', 'picture', 'title', 'links', 'skills', 'updated_at'])
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return people.flatMap((person) => {
    const row = byId.get(person.userId);
    if (!row) return [];
    const card: UserCard = {
      userId: row.id,
      name: row.name,
      username: row.username,
      picture: row.picture,
      title: row.title,
      location: row.links.location,
      skills: row.skills,
    };
    return [
      {
        userId: row.id,
        email: row.email,
        name: row.name,
        username: row.username ?? '',
        focus: person.focus,
        card,
        cardAt: new Date(row.updated_at),
      },
    ];
  });
}
