import { API_OPERATIONS, buildOpenApiDocument } from '@commonwork/contracts';
import { describe, expect, it } from 'vitest';
import { documentedAnswers } from '../src/testing/documentedAnswers.ts';

/** The harness's second check of every answer: the published document itself, as a validating proxy reads it. */
describe('answers checked against the OpenAPI document', () => {
  const check = documentedAnswers(buildOpenApiDocument(API_OPERATIONS, '1.0.0') as never);
  const json = 'application/json; charset=utf-8';
  const error = JSON.stringify({ success: false, error: 'NOT_FOUND', message: 'Gig not found' });

  it('passes an answer the document describes, finding the operation by its path', () => {
    expect(() => check('GET', '/api/gigs/7b0c3a52-4c8e-4a8e-9d7e-2f0a1c2b3d4e', 404, json, error)).not.toThrow();
    expect(() => check('GET', '/api/users/top-freelancers', 200, json, JSON.stringify({ success: true, users: [] }))).not.toThrow();
    expect(() => check('GET', '/api/media/0b0c3a52-4c8e-4a8e-9d7e-2f0a1c2b3d4e.png', 200, 'image/png', 'bytes')).not.toThrow();
  });

  it('refuses a status the operation does not list', () => {
    expect(() => check('GET', '/api/media/0b0c3a52-4c8e-4a8e-9d7e-2f0a1c2b3d4e.png', 418, json, error)).toThrow(
      'a status the OpenAPI document does not describe',
    );
  });

  it('refuses a body the document does not describe, and a media type it does not list', () => {
    expect(() => check('GET', '/api/gigs/7b0c3a52-4c8e-4a8e-9d7e-2f0a1c2b3d4e', 404, json, JSON.stringify({ oops: true }))).toThrow(
      'not what the OpenAPI document describes',
    );
    expect(() => check('GET', '/api/gigs/7b0c3a52-4c8e-4a8e-9d7e-2f0a1c2b3d4e', 404, 'text/html', '<p>no</p>')).toThrow(
      'answers text/html',
    );
  });

  it('refuses a path no operation has', () => {
    expect(() => check('GET', '/api/nowhere', 200, json, '{}')).toThrow('no operation of the OpenAPI document matches it');
  });
});
