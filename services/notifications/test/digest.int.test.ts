import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { identityRoutes, marketplaceRoutes, notificationsRoutes, OrderPlaced } from '@commonwork/contracts';
import { buildGig, buildOrderCard, buildUser, eventually, published, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type User = Awaited<ReturnType<typeof buildUser>>;
interface Mail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server in the test process, keeping every message it accepts. */
async function startMailbox() {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The HTML part, quoted-printable soft line breaks joined. */
const htmlPart = (raw: string) => (raw.split(/^Content-Type: text\/html.*$/m)[1] ?? '').replace(/=\r?\n/g, '').replaceAll('=3D', '=');
const header = (raw: string, name: string) => raw.match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1]?.trim();

describe('the email digest', () => {
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let p: TestPlatform;
  let seller: User;
  let buyer: User;

  beforeAll(async () => {
    mailbox = await startMailbox();
    p = await startTestPlatform({
      SMTP_URL: mailbox.url,
      DIGEST_DELAY_SECONDS: '0',
      MAIL_FROM: 'Commonwork <digest@commonwork.test>',
      // Served under a path: the mail's link keeps it.
      PUBLIC_URL: 'https://commonwork.example.org/app',
    });
    [seller, buyer] = await Promise.all([buildUser(p, 'Sid Seller'), buildUser(p, 'Bo <b>Buyer</b>')]);
  });
  afterAll(async () => {
    await p?.stop();
    await mailbox?.close();
  });

  const runDigest = async () => {
    const job = p.services.notifications.jobs?.digest;
    if (!job) throw new Error('the notifications service has no digest job');
    await job.runNow();
  };
  const gigOf = async (owner: User, title: string) =>
    (await p.api.call(marketplaceRoutes.createGig, { token: owner.token, body: buildGig({ title }) })).gig.id;
  const interest = (token: string, gigId: string, message: string) =>
    eventually(async () => (await p.api.send(notificationsRoutes.gigInterest, { token, body: { gigId, message } })).status === 201);
  const knowsEmailOf = (user: User) =>
    eventually(async () => {
      const { rows } = await sql<{ email: string }>`select email from notifications.people where user_id = ${user.id}`.execute(
        p.database.root,
      );
      return rows[0]?.email === user.email;
    });

  it("mails a person's unread notifications once, in one message, and nothing already read", async () => {
    await knowsEmailOf(seller);
    const [logo, site] = [await gigOf(seller, 'Logo'), await gigOf(seller, 'Website')];
    await interest(buyer.token, logo, 'Logo <script>alert(1)</script> by Friday?');
    await interest(buyer.token, site, 'And a website?');
    await interest(buyer.token, site, 'Already seen');
    const list = (await p.api.call(notificationsRoutes.list, { token: seller.token })).notifications;
    const seen = list.find((n) => n.message === 'Already seen');
    if (!seen) throw new Error('the interest to mark read is listed');
    expect((await p.api.send(notificationsRoutes.markRead, { params: { id: seen.id }, token: seller.token })).status).toBe(200);

    await runDigest();
    expect(mailbox.mails).toHaveLength(1);
    const [mail] = mailbox.mails as [Mail];
    expect(mail.to).toEqual([seller.email]);
    expect(mail.from).toBe('digest@commonwork.test');
    expect(header(mail.raw, 'Subject')).toBe('You have 2 unread notifications on Commonwork');
    expect(mail.raw).toContain('And a website?');
    expect(mail.raw).not.toContain('Already seen');
    // What people wrote is text in the HTML part, never markup.
    expect(htmlPart(mail.raw)).toContain('Logo &lt;script&gt;alert(1)&lt;/script&gt; by Friday?');
    expect(htmlPart(mail.raw)).not.toContain('<script>');
    expect(htmlPart(mail.raw)).toContain('<a href="https://commonwork.example.org/app/notifications">');

    // Nothing new: nothing mailed, however often the job runs.
    await runDigest();
    await runDigest();
    expect(mailbox.mails).toHaveLength(1);

    // A later notification goes into a digest of its own.
    await interest(buyer.token, logo, 'One more thing');
    await runDigest();
    expect(mailbox.mails).toHaveLength(2);
    expect(header(mailbox.mails[1]?.raw ?? '', 'Subject')).toBe('You have 1 unread notification on Commonwork');
    expect(mailbox.mails[1]?.raw).not.toContain('And a website?');
  });

  it("mails an order's steps with the rest", async () => {
    const [ana, bo] = await Promise.all([buildUser(p, 'Ana Artist'), buildUser(p, 'Bo Client')]);
    await knowsEmailOf(ana);
    const card = buildOrderCard({ orderId: randomUUID(), buyerId: bo.id, sellerId: ana.id, gigTitle: 'Poster' });
    await p.bus.publish(
      published(OrderPlaced, { ...card, revisionsAllowed: 2 }, { metadata: { actorId: bo.id, correlationId: 'test', causationId: null } }),
    );
    await eventually(async () => (await p.api.call(notificationsRoutes.list, { token: ana.token })).unreadCount === 1);
    await runDigest();
    const mail = mailbox.mails.find((m) => m.to.includes(ana.email));
    expect(mail?.raw).toContain('New order: Poster');
    expect(mail?.raw).toContain('Bo Client ordered "Poster".');
  });

  it('mails nobody who turned email notifications off', async () => {
    const quiet = await buildUser(p, 'Quin Quiet');
    await p.api.send(identityRoutes.updateUser, {
      params: { id: quiet.id },
      token: quiet.token,
      body: { preferences: { notifications: { email: false } } },
    });
    await eventually(async () => {
      const { rows } = await sql<{ off: boolean }>`
        select not email_digest as off from notifications.people where user_id = ${quiet.id}`.execute(p.database.root);
      return rows[0]?.off;
    });
    await interest(buyer.token, await gigOf(quiet, 'Quiet gig'), 'Are you there?');
    const before = mailbox.mails.length;
    await runDigest();
    expect(mailbox.mails.slice(before).filter((m) => m.to.includes(quiet.email))).toEqual([]);
    const badge = await p.api.call(notificationsRoutes.list, { query: { limit: 1, unreadOnly: 'true' }, token: quiet.token });
    expect(badge.unreadCount).toBe(1);
  });
});
