import { describe, expect, it } from 'vitest';
import { differencesBetween } from './draftDiff.ts';

const event = {
  title: 'Graph night',
  price: 0,
  location: { type: 'in-person', city: 'Lyon' },
  agenda: [{ time: '18:30', title: 'Doors' }],
  tags: [],
};

describe('the differences between two versions of a draft', () => {
  it('are none between a form and itself', () => {
    expect(differencesBetween(event, structuredClone(event))).toEqual([]);
  });

  it('name nested fields by their path, with both values as text', () => {
    const theirs = {
      ...event,
      price: 15,
      location: { type: 'in-person', city: 'Lille' },
      agenda: [{ time: '18:30', title: 'Doors open' }],
    };
    expect(differencesBetween(event, theirs)).toEqual([
      { path: 'price', mine: '0', theirs: '15' },
      { path: 'location.city', mine: 'Lyon', theirs: 'Lille' },
      { path: 'agenda.0.title', mine: 'Doors', theirs: 'Doors open' },
    ]);
  });

  it('read a field one side lacks as empty, and an added list item as new fields', () => {
    const theirs = { ...event, agenda: [...event.agenda, { time: '19:00', title: 'Talk' }], tags: ['graphs'] };
    expect(differencesBetween(event, theirs)).toEqual([
      { path: 'agenda.1.time', mine: '', theirs: '19:00' },
      { path: 'agenda.1.title', mine: '', theirs: 'Talk' },
      { path: 'tags.0', mine: '', theirs: 'graphs' },
    ]);
  });
});
