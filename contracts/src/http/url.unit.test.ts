import { describe, expect, it } from 'vitest';
import { marketplaceRoutes, messagingRoutes } from './index.ts';
import { pathOf, queryString, urlOf } from './url.ts';

describe('pathOf', () => {
  it('fills each :name segment from the params', () => {
    expect(pathOf(marketplaceRoutes.getGig.url, { id: '6d1f3c1e-2b1a-4c1e-9f1e-1a2b3c4d5e6f' })).toBe(
      '/api/gigs/6d1f3c1e-2b1a-4c1e-9f1e-1a2b3c4d5e6f',
    );
    expect(pathOf(messagingRoutes.readChat.url, { chatId: 'c1' })).toBe('/api/chat/c1/read');
    expect(pathOf(messagingRoutes.joinByLink.url, { joinLink: 'abcdefgh' })).toBe('/api/chat/join/channel/abcdefgh');
  });

  it('URI-encodes a value, so it never opens a segment or a query', () => {
    expect(pathOf('/api/gigs/:id', { id: 'a b/c?d=e&f#g' })).toBe('/api/gigs/a%20b%2Fc%3Fd%3De%26f%23g');
  });

  it('leaves a path without params as it is', () => {
    expect(pathOf(messagingRoutes.listChannels.url)).toBe('/api/chat/channels');
  });

  it('throws for a segment without a value', () => {
    expect(() => pathOf('/api/gigs/:id', {})).toThrow('Missing path parameter "id" for /api/gigs/:id');
  });
});

describe('queryString', () => {
  it('keeps the order given and leaves out undefined values', () => {
    expect(queryString({ after: 7, limit: 100 })).toBe('after=7&limit=100');
    expect(queryString({ before: 51, limit: 50 })).toBe('before=51&limit=50');
    expect(queryString({ page: 1, category: undefined, limit: 12, search: undefined })).toBe('page=1&limit=12');
  });

  it('keeps falsy values that are set', () => {
    expect(queryString({ q: '', after: 0, mine: false })).toBe('q=&after=0&mine=false');
  });

  it('form-encodes: a space is +, reserved characters are escaped', () => {
    expect(queryString({ search: 'react & node = fun?' })).toBe('search=react+%26+node+%3D+fun%3F');
    expect(queryString({ q: 'café/ü' })).toBe('q=caf%C3%A9%2F%C3%BC');
  });

  it('is empty for an empty query', () => {
    expect(queryString({})).toBe('');
    expect(queryString({ search: undefined })).toBe('');
  });
});

describe('urlOf', () => {
  it('joins path and query with ?', () => {
    expect(urlOf(messagingRoutes.channelMessages.url, { id: 'ch 1' }, { page: 1, limit: 50 })).toBe(
      '/api/chat/channels/ch%201/messages?page=1&limit=50',
    );
  });

  it('is the bare path when no query value is set', () => {
    expect(urlOf(marketplaceRoutes.listGigs.url, {}, { search: undefined })).toBe('/api/gigs');
    expect(urlOf(marketplaceRoutes.createGig.url)).toBe('/api/gigs');
  });
});
