import { describe, expect, it } from 'vitest';
import { DevTokenRequest, SetupUserRequest } from './auth.ts';
import { ImageUrl } from './media.ts';
import { EventLocation } from './techEvents.ts';
import { UpdateUserRequest } from './users.ts';
import { CreateWebhookRequest } from './webhooks.ts';

const HOSTILE = [
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'file:///etc/passwd',
  'vbscript:msgbox(1)',
  'ftp://example.com/file',
];

/** Every URL field people fill in, as a parse of one value in that field. */
const fields: [string, (value: string) => { success: boolean }][] = [
  ['event meeting link', (v) => EventLocation.safeParse({ type: 'online', meetingLink: v })],
  ['profile website', (v) => UpdateUserRequest.safeParse({ website: v })],
  ['profile picture', (v) => UpdateUserRequest.safeParse({ picture: v })],
  ['setup picture', (v) => SetupUserRequest.safeParse({ name: 'Ada', username: 'ada', bio: 'Hi', picture: v })],
  ['dev sign-in picture', (v) => DevTokenRequest.safeParse({ email: 'ada@example.com', name: 'Ada', picture: v })],
  ['image reference', (v) => ImageUrl.safeParse(v)],
  ['webhook address', (v) => CreateWebhookRequest.safeParse({ url: v, events: ['gig.created'] })],
];

describe('URL fields take http(s) only, through one helper (issue 33)', () => {
  it.each(fields)('%s refuses javascript:, data:, file: and other schemes, and takes https', (_name, parse) => {
    for (const value of HOSTILE) expect(parse(value).success, value).toBe(false);
    expect(parse('https://meet.example.com/room-42').success).toBe(true);
  });
});
