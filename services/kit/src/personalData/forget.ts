import { DELETED_USER_NAME, SENDER_WRITTEN_WORDS, UserDeleted } from '@commonwork/contracts';
import { type Kysely, sql } from 'kysely';
import type { AnyDb } from '../db/database.ts';
import { type EventBus, type Subscription, serviceStream } from '../events/bus.ts';
import { defineHandler, startConsumer } from '../events/consumer.ts';
import type { StoredEvent } from '../events/eventStore.ts';
import { redactEvents, removeStreams } from '../events/redact.ts';
import type { Logger } from '../logger.ts';

/** A person being forgotten, as one service knows them: the id always, the name and email when it keeps them. */
export interface ForgottenPerson {
  userId: string;
  name: string | null;
  email: string | null;
}

/**
 * How a service forgets a person (`ServiceDefinition.forget`, in its `src/personalData/forget.ts`):
 * run in one transaction when identity publishes `identity.user.deleted`, after which nothing the
 * service stores, nor a rebuild of it, shows the person's name, email, picture or words.
 */
export interface Forgetting<DB> {
  /** The name and email the service's own read model keeps of the person, read before it is forgotten. */
  known?(db: Kysely<DB>, userId: string): Promise<Partial<Pick<ForgottenPerson, 'name' | 'email'>> | undefined>;
  /** The streams that were the person's alone (their gigs, drafts, uploads): removed whole from the store. */
  ownStreams?(db: Kysely<DB>, userId: string): Promise<string[]>;
  /**
   * How one stored event that mentions the person is redacted: the new data, or `undefined` to
   * keep it. Default `redactPersonalData`.
   */
  redact?(event: StoredEvent, person: ForgottenPerson): unknown;
  /**
   * The read rows, after the store: the person's own rows removed (with whatever rows of their own
   * streams), the rows that show them to others (a message's sender, a member) as 'Deleted user'.
   */
  rows(db: Kysely<DB>, person: ForgottenPerson): Promise<void>;
}

/** Keys by which an object says it is the person, or a thing of theirs (a card, a sender, a reaction). */
const OWNER_KEYS = ['userId', 'ownerId', 'authorId', 'id', '_id'] as const;
/** What an object about the person says of them, and what each becomes. */
const PERSONAL_FIELDS: Readonly<Record<string, unknown>> = {
  name: DELETED_USER_NAME,
  email: '',
  picture: '',
  profilePicture: '',
  picturePublicId: '',
  username: null,
  bio: '',
  phone: '',
  title: '',
  location: '',
  website: '',
  github: '',
  twitter: '',
  linkedin: '',
  skills: [],
  subject: '',
};

type Json = unknown;

const isObject = (value: Json): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** True when the person sent the object (a message, a notification of theirs): its sender (or senderId) is them. */
function sentBy(object: Record<string, Json>, userId: string): boolean {
  if (object.senderId === userId) return true;
  const sender = object.sender;
  return isObject(sender) && [sender.id, sender._id, sender.userId].includes(userId);
}

/** True when the object is a notification whose message its sender, the person, wrote (a chat message's preview). */
function notesTheirWords(object: Record<string, Json>, userId: string): boolean {
  const words = isObject(object.data) ? object.data.words : undefined;
  return typeof object.message === 'string' && sentBy(object, userId) && SENDER_WRITTEN_WORDS.some((w) => w === words);
}

/** Every string in a value with a text replaced. */
const replacedIn = (value: Json, text: string, by: string): Json => {
  if (typeof value === 'string') return value.split(text).join(by);
  if (Array.isArray(value)) return value.map((v) => replacedIn(v, text, by));
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replacedIn(v, text, by)]));
};

/**
 * The names a person goes by in these records: the `name` of every object that is them (a card, a
 * sender). What a service that keeps no people of its own knows of the name it must redact.
 */
export function namesIn(records: readonly Json[], userId: string): string[] {
  const names = new Set<string>();
  const visit = (value: Json) => {
    if (Array.isArray(value)) value.forEach(visit);
    if (!isObject(value)) return;
    const name = value.name;
    if (typeof name === 'string' && name && name !== DELETED_USER_NAME && OWNER_KEYS.some((key) => value[key] === userId)) names.add(name);
    Object.values(value).forEach(visit);
  };
  records.forEach(visit);
  return [...names];
}

/**
 * The default redactor: in every object that is the person (one of its owner keys is their id) the
 * personal fields become 'Deleted user' or empty; every message they wrote keeps its place with its
 * words and attachments removed, and a notification quoting them loses the quote; in a record that carries their id, their name becomes 'Deleted
 * user' wherever it is written; their email is removed from every string. Answers `undefined`
 * when nothing changed.
 */
export function redactPersonalData(data: Json, person: ForgottenPerson): Json {
  const { userId, email } = person;
  const walk = (value: Json): Json => {
    if (typeof value === 'string') return email && value.includes(email) ? value.split(email).join('') : value;
    if (Array.isArray(value)) return value.map(walk);
    if (!isObject(value)) return value;
    const out: Record<string, Json> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = walk(inner);
    if (OWNER_KEYS.some((key) => value[key] === userId))
      for (const [key, replacement] of Object.entries(PERSONAL_FIELDS)) if (key in out) out[key] = replacement;
    if (sentBy(value, userId) && 'content' in out) {
      out.content = '';
      if ('attachments' in out) out.attachments = [];
      if ('mentions' in out) out.mentions = [];
    }
    if (notesTheirWords(value, userId)) out.message = '';
    return out;
  };
  const walked = walk(data);
  // A record about them names them in its own words too ("Ada ordered your gig", with Ada's id beside
  // it). A name is replaced only in records that carry their id, never across all text: two people
  // may share one.
  const { name } = person;
  const redacted = name && JSON.stringify(data).includes(userId) ? replacedIn(walked, name, DELETED_USER_NAME) : walked;
  return JSON.stringify(redacted) === JSON.stringify(data) ? undefined : redacted;
}

/**
 * Forgets a person in one service's schema, inside the caller's transaction: their own streams
 * removed, every other event that mentions them redacted in place (their name, when the service
 * keeps none, read from the events that show them), the service's read rows, then the safety net
 * over every table (`rewriteRows`). Returns the ids of the events removed or rewritten, whose
 * published copies the bus then purges.
 */
export async function forgetPerson<DB>(trx: Kysely<DB>, schema: string, userId: string, forgetting: Forgetting<DB>): Promise<string[]> {
  const store = trx as unknown as AnyDb;
  const known = (await forgetting.known?.(trx, userId)) ?? {};
  const person: ForgottenPerson = { userId, name: known.name || null, email: known.email || null };
  const removed = await removeStreams(store, schema, (await forgetting.ownStreams?.(trx, userId)) ?? []);
  const redact = forgetting.redact ?? ((event: StoredEvent, p: ForgottenPerson) => redactPersonalData(event.data, p));
  if (!person.name) person.name = namesIn(await eventsMentioning(store, schema, userId), userId)[0] ?? null;
  const rewritten = await redactEvents(store, schema, [userId, person.email ?? ''], (event) => redact(event, person));
  await forgetting.rows(trx, person);
  await rewriteRows(store, schema, person);
  return [...removed, ...rewritten];
}

/** The data of the events of a schema's store that mention the person. */
async function eventsMentioning(trx: AnyDb, schema: string, userId: string): Promise<Json[]> {
  const { rows } = await sql<{ data: Json }>`
    select data from ${sql.table(`${schema}.event_store`)} where position(${userId} in data::text) > 0`.execute(trx);
  return rows.map((row) => row.data);
}

/**
 * What is left in the schema's tables after the service's own `rows` (a safety net over every text
 * and jsonb column, the event store aside: it was redacted above): their requests' remembered
 * answers (idempotency keys) removed; their email removed everywhere, since an email names one
 * person only; their name replaced in the rows that carry their id, as in the events.
 */
async function rewriteRows(trx: AnyDb, schema: string, { userId, name, email }: ForgottenPerson) {
  const { rows: keys } = await sql<{ table: string | null }>`select to_regclass(${`${schema}.idempotency_keys`})::text as table`.execute(
    trx,
  );
  // Not the key of a request still running (the deletion's own): its answer is written at its commit.
  if (keys[0]?.table)
    await sql`delete from ${sql.table(`${schema}.idempotency_keys`)} where scope = ${`person:${userId}`} and committed`.execute(trx);
  const { rows } = await sql<{ table: string; column: string; type: string }>`
    select c.table_name as table, c.column_name as column, c.data_type as type
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = ${schema} and c.table_name <> 'event_store'
      and c.data_type in ('text', 'character varying', 'jsonb')`.execute(trx);
  // Inside a JSON document a text is written as JSON writes it (quotes and backslashes escaped).
  const inJson = (text: string) => JSON.stringify(text).slice(1, -1);
  for (const { table, column, type } of rows) {
    const target = sql.table(`${schema}.${table}`);
    const ref = sql.ref(`t.${column}`);
    const set = sql.ref(column);
    const replace = (text: string, by: string) =>
      type === 'jsonb'
        ? sql`${set} = replace(${ref}::text, ${inJson(text)}, ${inJson(by)})::jsonb`
        : sql`${set} = replace(${ref}, ${text}, ${by})`;
    const holds = (text: string) =>
      type === 'jsonb' ? sql`position(${inJson(text)} in ${ref}::text) > 0` : sql`position(${text} in ${ref}) > 0`;
    if (email) await sql`update ${target} as t set ${replace(email, '')} where ${holds(email)}`.execute(trx);
    if (name)
      await sql`update ${target} as t set ${replace(name, DELETED_USER_NAME)} where ${holds(name)} and position(${userId} in t::text) > 0`.execute(
        trx,
      );
  }
}

/**
 * Starts a service's forgetting: a durable consumer of identity's `identity.user.deleted` that
 * forgets the person in one transaction (once: `processed_events`) and purges the bus's copies of
 * what the service had published about them from its own stream. The purge runs inside the
 * handler: a redelivery after a failed commit forgets again, and the copies were to go either way.
 */
export async function startForgetting<DB>(options: {
  service: string;
  db: Kysely<DB>;
  bus: EventBus;
  log: Logger;
  forgetting: Forgetting<DB>;
}): Promise<Subscription> {
  const { service, db, bus, log, forgetting } = options;
  const identity = serviceStream('identity');
  const handler = defineHandler<DB, [typeof UserDeleted]>([UserDeleted], async (trx, event) => {
    const ids = await forgetPerson(trx, service, event.data.userId, forgetting);
    const purged = (await bus.forget?.(serviceStream(service).stream, ids)) ?? 0;
    log.info({ userId: event.data.userId, events: ids.length, purged }, 'person forgotten');
  });
  // Identity may not have started yet (cluster mode): its stream is made as identity makes it.
  await bus.ensureStream(identity.stream, identity.subjects);
  return startConsumer({
    db,
    bus,
    log,
    durable: `${service}-forget`,
    stream: identity.stream,
    filterSubject: UserDeleted.type,
    handlers: [handler],
  });
}
