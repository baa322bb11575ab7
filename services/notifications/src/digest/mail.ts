import { publicLink } from '@commonwork/kit';
import type { SendMailOptions } from 'nodemailer';

export interface DigestItem {
  title: string;
  message: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Notifications carry what people wrote (a gig interest's message): never markup in the mail. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);

export const digestSubject = (count: number) => `You have ${count} unread notification${count === 1 ? '' : 's'} on Commonwork`;

/** One digest mail: every notification it took, as text and as HTML, with a link to the list. */
export function digestMail(input: {
  digestId: string;
  to: string;
  from: string;
  publicUrl: string;
  items: readonly DigestItem[];
}): SendMailOptions {
  const link = publicLink(input.publicUrl, '/notifications');
  const host = new URL(input.publicUrl).hostname;
  const text = [
    ...input.items.map((item) => `- ${item.title}\n  ${item.message}`),
    '',
    `Read them on Commonwork: ${link}`,
    'You can turn these emails off in Settings, under Notifications.',
  ].join('\n');
  const html = [
    '<ul>',
    ...input.items.map((item) => `<li><strong>${escapeHtml(item.title)}</strong><br>${escapeHtml(item.message)}</li>`),
    '</ul>',
    `<p><a href="${escapeHtml(link)}">Read them on Commonwork</a></p>`,
    '<p>You can turn these emails off in Settings, under Notifications.</p>',
  ].join('\n');
  return {
    from: input.from,
    to: input.to,
    subject: digestSubject(input.items.length),
    text,
    html,
    // Fixed by the digest: a mail sent again after a crash is recognisably the same message.
    messageId: `<digest-${input.digestId}@${host}>`,
  };
}
