import { deciderSpec } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import { type ChannelMarkCommand, channelMarksDecider } from './decide.ts';
import type { ChannelMarkEvent } from './marks.ts';

const userId = '11111111-2222-4333-8444-555555555555';
const general = '0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f';
const random = '22222222-3333-4444-8555-666666666666';
const spec = deciderSpec(channelMarksDecider);

const command = (type: ChannelMarkCommand['type'], channelId = general): ChannelMarkCommand => ({ type, userId, channelId });
const event = (type: ChannelMarkEvent['type'], pinned: boolean, starred: boolean, channelId = general): ChannelMarkEvent => ({
  type,
  data: { userId, channelId, pinned, starred },
});

describe('channel marks decider', () => {
  it('pins and stars a channel, each event carrying both marks as they now are', () => {
    spec
      .given()
      .when(command('Pin'))
      .then(event('ChannelPinned', true, false));
    spec
      .given()
      .when(command('Star'))
      .then(event('ChannelStarred', false, true));
    spec
      .given(event('ChannelPinned', true, false))
      .when(command('Star'))
      .then(event('ChannelStarred', true, true));
  });

  it('unpins and unstars, keeping the other mark', () => {
    spec
      .given(event('ChannelPinned', true, false), event('ChannelStarred', true, true))
      .when(command('Unpin'))
      .then(event('ChannelUnpinned', false, true));
    spec
      .given(event('ChannelStarred', false, true), event('ChannelPinned', true, true))
      .when(command('Unstar'))
      .then(event('ChannelUnstarred', true, false));
  });

  it('is idempotent: a mark already as asked decides nothing', () => {
    spec
      .given(event('ChannelPinned', true, false))
      .when(command('Pin'))
      .thenNothing();
    spec
      .given(event('ChannelStarred', false, true))
      .when(command('Star'))
      .thenNothing();
    spec.given().when(command('Unpin')).thenNothing();
    spec.given().when(command('Unstar')).thenNothing();
    spec
      .given(event('ChannelPinned', true, false), event('ChannelUnpinned', false, false))
      .when(command('Unpin'))
      .thenNothing();
  });

  it('keeps each channel’s marks apart', () => {
    spec
      .given(event('ChannelPinned', true, false, random))
      .when(command('Pin'))
      .then(event('ChannelPinned', true, false));
  });
});
