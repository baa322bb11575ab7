import { pickOne, type Random } from '@commonwork/kit';
import type { SeededEvent } from '../../../services/events/src/events/seed.ts';
import type { DemoChannel, DemoChat, DemoEventChannel, DemoLine } from '../../../services/messaging/src/seed.ts';
import type { DemoGigInterest } from '../../../services/notifications/src/inbox/seed.ts';
import { CHANNEL_SCRIPTS, CHAT_SCRIPTS, PAST_EVENT_TALK, type ScriptLine, UPCOMING_EVENT_TALK } from './talk.ts';

/** A demo person as the conversations need them. */
export interface Speaker {
  userId: string;
  name: string;
  email: string;
  picture: string;
  /** What `@` mentions them by. */
  username?: string | null;
}

/** A demo gig as the conversations need it. */
export interface DemoGigRef {
  gigId: string;
  ownerId: string;
  title: string;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** `count` distinct people from `pool`, none of them in `except`. */
function cast(rng: Random, pool: readonly Speaker[], count: number, except: readonly Speaker[]): Speaker[] {
  const chosen: Speaker[] = [];
  const left = pool.filter((p) => !except.includes(p));
  while (chosen.length < count && left.length > 0) chosen.push(...left.splice(Math.floor(rng() * left.length), 1));
  return chosen;
}

const speakersOf = (lines: readonly ScriptLine[]) => Math.max(...lines.map(([speaker]) => speaker)) + 1;

/** A line's `{@n}` as speaker n's `@username`, with the people it may mention for the server to resolve. */
function mentioning(content: string, cast: readonly Speaker[]): Pick<DemoLine, 'content' | 'mentionable'> {
  if (!/\{@\d+\}/.test(content)) return { content };
  const written = content.replace(/\{@(\d+)\}/g, (_, n: string) => `@${cast[Number(n)]?.username ?? ''}`);
  return { content: written, mentionable: cast.map((s) => ({ userId: s.userId, username: s.username })) };
}

/** Lines spread over `days` days before `now`, a few hours apart, the last an hour ago. */
function dated(lines: readonly ScriptLine[], cast: readonly Speaker[], now: Date, days: number, rng: Random): DemoLine[] {
  const span = days * DAY_MS - HOUR_MS;
  const step = span / Math.max(1, lines.length - 1);
  return lines.map(([speaker, content], i) => {
    const jitter = i === lines.length - 1 ? 0 : Math.floor(rng() * step * 0.4);
    const at = new Date(now.getTime() - HOUR_MS - span + i * step + jitter);
    return { sender: cast[speaker] as Speaker, ...mentioning(content, cast), at };
  });
}

/** The first line of a channel gets a wave from every other speaker, ten minutes apart: the demo has reactions. */
function greeted(lines: DemoLine[], speakers: readonly Speaker[]): DemoLine[] {
  const [first, ...rest] = lines;
  if (!first) return lines;
  const others = speakers.filter((s) => s.userId !== first.sender.userId);
  const reactions = others.map((s, i) => ({ userId: s.userId, emoji: '👋', at: new Date(first.at.getTime() + (i + 1) * 600_000) }));
  return [{ ...first, reactions }, ...rest];
}

/**
 * The community channels: each script played by the host (always among the speakers, so whoever
 * signs in as the host sees every channel from the inside) and other people, over the last days.
 */
export function demoChannels(rng: Random, people: readonly Speaker[], host: Speaker, now: Date): DemoChannel[] {
  return CHANNEL_SCRIPTS.map((script, c) => {
    const others = cast(rng, people, speakersOf(script.lines) - 1, [host]);
    // The host opens one channel in three and speaks second in the others.
    const speakers = c % 3 === 0 ? [host, ...others] : [others[0] ?? host, host, ...others.slice(1)];
    const lines = greeted(dated(script.lines, speakers, now, 6 - (c % 3), rng), speakers);
    const creator = speakers[0] ?? host;
    const first = lines[0]?.at ?? now;
    return {
      name: script.name,
      description: script.description,
      category: script.category,
      creatorId: creator.userId,
      createdAt: new Date(first.getTime() - DAY_MS),
      lines,
      // The host keeps the first channel pinned and the second starred: their list shows both.
      ...(c === 0 && { pinnedBy: [host.userId] }),
      ...(c === 1 && { starredBy: [host.userId] }),
    };
  });
}

/**
 * Gig conversations: people asking the host about the host's gigs, and the host asking others
 * about theirs, so the host's inbox has both sides of the marketplace.
 */
export function demoChats(rng: Random, people: readonly Speaker[], host: Speaker, gigs: readonly DemoGigRef[], now: Date): DemoChat[] {
  const own = gigs.filter((g) => g.ownerId === host.userId);
  const others = gigs.filter((g) => g.ownerId !== host.userId);
  const byId = new Map(people.map((p) => [p.userId, p]));
  const chats: DemoChat[] = [];
  CHAT_SCRIPTS.forEach((script, i) => {
    const hostSells = i % 2 === 0;
    const gig = pickOne(rng, hostSells ? own : others);
    if (!gig) return;
    const seller = byId.get(gig.ownerId);
    const buyer = hostSells ? cast(rng, people, 1, [host])[0] : host;
    if (!seller || !buyer || seller === buyer) return;
    const lines = script.map(([speaker, content]): ScriptLine => [speaker, content.replace('{title}', gig.title)]);
    chats.push({ gigId: gig.gigId, buyerId: buyer.userId, sellerId: seller.userId, lines: dated(lines, [buyer, seller], now, 1 + i, rng) });
  });
  return chats;
}

/** Interest in gigs: a few people in the host's gigs, and some between other people. */
export function demoInterests(
  rng: Random,
  people: readonly Speaker[],
  host: Speaker,
  gigs: readonly DemoGigRef[],
  now: Date,
): DemoGigInterest[] {
  const own = gigs.filter((g) => g.ownerId === host.userId);
  const interests: DemoGigInterest[] = [];
  const add = (gig: DemoGigRef, sender: Speaker, hoursAgo: number) =>
    interests.push({
      ownerId: gig.ownerId,
      gigId: gig.gigId,
      gigTitle: gig.title,
      sender: { userId: sender.userId, name: sender.name, picture: sender.picture },
      at: new Date(now.getTime() - hoursAgo * HOUR_MS),
    });
  if (own.length > 0) for (const [i, sender] of cast(rng, people, 4, [host]).entries()) add(pickOne(rng, own), sender, 3 + i * 17);
  for (let i = 0; i < Math.min(12, gigs.length); i++) {
    const gig = pickOne(rng, gigs);
    const sender = pickOne(rng, people);
    if (sender.userId !== gig.ownerId && sender !== host) add(gig, sender, 5 + i * 9);
  }
  // One interest per person and gig, as a person would send it once.
  const seen = new Set<string>();
  return interests.filter((i) => {
    const key = `${i.gigId}:${i.sender.userId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Tech events' own channels: every event's, with its attendees; the first few with talk (before
 * an upcoming event, the day after a past one), the others quiet as new channels are.
 */
export function demoEventChannels(rng: Random, people: readonly Speaker[], events: readonly SeededEvent[], now: Date): DemoEventChannel[] {
  const byId = new Map(people.map((p) => [p.userId, p]));
  return events.map((event, i) => {
    const channel = { eventId: event.eventId, organizerId: event.organizerId, title: event.title, openedAt: event.publishedAt };
    const organizer = byId.get(event.organizerId);
    const talkers = event.attendeeIds.slice(0, 2).flatMap((id) => byId.get(id) ?? []);
    if (i >= 8 || !organizer || talkers.length < 2) return { ...channel, attendeeIds: event.attendeeIds, lines: [] };
    const startsAt = Date.parse(`${event.date}T${event.time}:00Z`);
    const past = startsAt + DAY_MS < now.getTime();
    const script = (past ? PAST_EVENT_TALK : UPCOMING_EVENT_TALK).map(
      ([speaker, content]): ScriptLine => [speaker, content.replace('{title}', event.title)],
    );
    // After a past event, over the day that followed it; before an upcoming one, over the last days.
    const end = past ? new Date(Math.min(startsAt + 2 * DAY_MS, now.getTime())) : now;
    return { ...channel, attendeeIds: event.attendeeIds, lines: dated(script, [organizer, ...talkers], end, past ? 1 : 3, rng) };
  });
}

/** The file the host shares in the demo's first channel (media's seed stores it first). */
export const SHARED_FILE = {
  key: 'meetup-agenda',
  fileName: 'meetup-agenda.txt',
  content: 'Thursday meetup\n\n18:00  Doors open\n18:30  Lightning talks (5 minutes each)\n19:30  Show and tell\n20:00  Drinks\n',
  line: 'Here is the agenda for Thursday, sign up for a lightning talk below!',
};

/** The host shares a file in the first channel (which the host opened), half an hour ago: the demo has a message with an attachment. */
export function withSharedFile(
  channels: DemoChannel[],
  host: Speaker,
  file: { url: string; name: string; size: number },
  now: Date,
): DemoChannel[] {
  const [first, ...rest] = channels;
  if (!first) return channels;
  const line: DemoLine = {
    sender: host,
    content: SHARED_FILE.line,
    at: new Date(now.getTime() - HOUR_MS / 2),
    attachments: [{ type: 'other', url: file.url, name: file.name, size: file.size }],
  };
  return [{ ...first, lines: [...first.lines, line] }, ...rest];
}
