import { check, sleep } from 'k6';
import http from 'k6/http';
import type { Options } from 'k6/options';
import { BASE_URL, json, signIn } from './common.ts';

// Browse and search gigs, as people do: the first page, a category, a search, one gig.
export const options: Options = {
  scenarios: {
    browse: { executor: 'constant-vus', vus: Number(__ENV.VUS ?? 20), duration: __ENV.DURATION ?? '1m' },
  },
  thresholds: { http_req_failed: ['rate<0.001'], 'http_req_duration{journey:search}': ['p(99)<100'] },
};

const SEARCHES = ['react', 'logo design', 'landing page', 'python api', 'seo audit', 'mobile app'];

export function setup() {
  return { token: signIn('Browser').token };
}

export default function ({ token }: { token: string }) {
  const params = { ...json(token), tags: { journey: 'browse' } };
  const page = http.get(`${BASE_URL}/api/gigs?page=1&limit=12`, params);
  check(page, { 'gigs listed': (r) => r.status === 200 });
  http.get(`${BASE_URL}/api/gigs?category=web&page=1&limit=12`, params);
  const search = SEARCHES[Math.floor(Math.random() * SEARCHES.length)] as string;
  const found = http.get(`${BASE_URL}/api/gigs?search=${encodeURIComponent(search)}&limit=12`, {
    ...json(token),
    tags: { journey: 'search' },
  });
  check(found, { 'search answered': (r) => r.status === 200 });
  const first = (found.json('gigs') as { id: string }[] | undefined)?.[0];
  if (first) check(http.get(`${BASE_URL}/api/gigs/${first.id}`, params), { 'gig shown': (r) => r.status === 200 });
  sleep(1);
}
