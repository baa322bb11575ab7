import type { GigCategory } from '@commonwork/contracts';

/**
 * Which gigs of the demo catalogue a condition picks, by what a person sees (title, category,
 * price, delivery), never by id: the catalogue may grow and be reshuffled, the meaning stays.
 */
export interface GigMatch {
  title?: RegExp;
  category?: GigCategory;
  subCategory?: string;
  /** price < n (the "low" range is under $300). */
  priceBelow?: number;
  priceAtMost?: number;
  priceAtLeast?: number;
  priceAbove?: number;
  deliveryAtMost?: number;
}

/** A request typed the way people type them and what its AI search must find. */
export interface AiQueryCase {
  query: string;
  /**
   * The catalogue's gigs that answer it: there is at least one, every one is among the results,
   * and one is on the first page.
   */
  include: GigMatch;
  /** Every result must match this (the filters the words asked for). */
  every?: GigMatch;
  /** No result may match this. */
  none?: GigMatch;
}

const CHEAP = { priceBelow: 300 } as const;
const FAST = { deliveryAtMost: 3 } as const;

/**
 * 120 requests: phrasing, typos, price and time words, skills by other names and other languages'
 * loanwords. Requests whose meaning depends on the weekday ("by Friday") live in the unit test,
 * where `now` is fixed.
 */
export const AI_QUERIES: readonly AiQueryCase[] = [
  // The request, and the same wish put other ways.
  {
    query: 'cheap logo designer who delivers fast',
    include: { subCategory: 'logo', ...CHEAP, ...FAST },
    every: { category: 'design', ...CHEAP, ...FAST },
  },
  { query: 'I need a logo', include: { subCategory: 'logo' }, every: { category: 'design' } },
  { query: 'someone to design my logo please', include: { subCategory: 'logo' }, every: { category: 'design' } },
  { query: 'looking for a logo designer', include: { subCategory: 'logo' }, every: { category: 'design' } },
  { query: 'mascot logo', include: { title: /mascot logo/i } },
  { query: 'hand-lettered logo for my barbershop', include: { title: /hand-lettered/i } },
  { query: 'minimalist logo design', include: { title: /minimalist logo/i } },
  { query: 'logo + brand identity', include: { title: /brand identity/i } },
  { query: 'affordable branding for a startup', include: { subCategory: 'logo', ...CHEAP }, every: CHEAP },
  { query: 'quick logo', include: { subCategory: 'logo', ...FAST }, every: FAST },
  // Price words and amounts.
  { query: 'logo under 50', include: { subCategory: 'logo', priceAtMost: 50 }, every: { priceAtMost: 50 } },
  { query: 'logo less than $100', include: { subCategory: 'logo', priceAtMost: 100 }, every: { priceAtMost: 100 } },
  { query: 'logo below 30 dollars', include: { subCategory: 'logo', priceAtMost: 30 }, every: { priceAtMost: 30 } },
  {
    query: 'logo between 50 and 100',
    include: { subCategory: 'logo', priceAtLeast: 50, priceAtMost: 100 },
    every: { priceAtLeast: 50, priceAtMost: 100 },
  },
  { query: 'budget wordpress site', include: { subCategory: 'wordpress', ...CHEAP }, every: CHEAP },
  { query: 'cheap flyer design', include: { title: /flyers/i, ...CHEAP }, every: CHEAP },
  { query: 'blog posts on a tight budget', include: { subCategory: 'content', ...CHEAP }, every: CHEAP },
  { query: 'premium shopify store', include: { subCategory: 'ecommerce', priceAbove: 700 }, every: { priceAbove: 700 } },
  { query: 'high-end kubernetes setup', include: { title: /kubernetes/i, priceAbove: 700 }, every: { priceAbove: 700 } },
  { query: 'luxury saas mvp', include: { subCategory: 'fullstack', priceAbove: 700 }, every: { priceAbove: 700 } },
  {
    query: 'react landing page max 200 bucks',
    include: { title: /react|landing page/i, subCategory: 'frontend', priceAtMost: 200 },
    every: { priceAtMost: 200 },
  },
  { query: 'seo audit for $150 or less', include: { subCategory: 'seo', priceAtMost: 150 }, every: { priceAtMost: 150 } },
  { query: 'machine learning model over $1,000', include: { subCategory: 'ml', priceAtLeast: 1000 }, every: { priceAtLeast: 1000 } },
  { query: 'ios app 2k+', include: { subCategory: 'ios', priceAtLeast: 2000 }, every: { priceAtLeast: 2000 } },
  { query: 'mid-range rest api', include: { subCategory: 'backend', priceAtLeast: 300, priceAtMost: 700 }, every: { priceAtMost: 700 } },
  {
    query: 'looker studio dashboard $300-$700',
    include: { title: /looker studio/i, priceAtLeast: 300, priceAtMost: 700 },
    every: { priceAtLeast: 300, priceAtMost: 700 },
  },
  { query: 'instagram manager cheap', include: { title: /instagram/i, ...CHEAP }, every: CHEAP },
  { query: 'inexpensive sales page copy', include: { title: /sales page/i, ...CHEAP }, every: CHEAP },
  { query: 'google ads help, budget 500', include: { title: /google ads/i, priceAtMost: 500 }, every: { priceAtMost: 500 } },
  { query: 'at least $800 for a terraform expert', include: { title: /terraform/i, priceAtLeast: 800 }, every: { priceAtLeast: 800 } },
  // Delivery words.
  { query: 'logo asap', include: { subCategory: 'logo', ...FAST }, every: FAST },
  { query: 'urgent wordpress fix', include: { title: /fix wordpress errors/i, ...FAST }, every: FAST },
  { query: 'express delivery youtube thumbnails', include: { title: /youtube thumbnails/i, ...FAST }, every: FAST },
  { query: 'poster in 2 days', include: { title: /posters/i, deliveryAtMost: 1 }, every: { deliveryAtMost: 2 } },
  { query: 'landing page copy within a week', include: { subCategory: 'copywriting', deliveryAtMost: 7 }, every: { deliveryAtMost: 7 } },
  { query: 'poster design by tomorrow', include: { title: /posters/i, deliveryAtMost: 1 }, every: { deliveryAtMost: 1 } },
  { query: 'packaging design in 24 hours', include: { title: /packaging/i, deliveryAtMost: 1 }, every: { deliveryAtMost: 1 } },
  { query: 'seo audit done in 3 days', include: { title: /seo audit/i, deliveryAtMost: 3 }, every: { deliveryAtMost: 3 } },
  { query: 'need my online store fast', include: { subCategory: 'ecommerce', ...FAST }, every: FAST },
  { query: 'quick turnaround blog articles', include: { subCategory: 'content', ...FAST }, every: FAST },
  { query: 'rush job: youtube thumbnails', include: { title: /youtube thumbnails/i, ...FAST }, every: FAST },
  { query: 'android app update, need it tomorrow', include: { subCategory: 'android', deliveryAtMost: 1 }, every: { deliveryAtMost: 1 } },
  { query: 'website in 2 weeks', include: { category: 'web', deliveryAtMost: 14 }, every: { deliveryAtMost: 14 } },
  { query: 'flyers in a day or two', include: { title: /flyers/i, deliveryAtMost: 1 }, every: { deliveryAtMost: 2 } },
  { query: 'android app within a month', include: { subCategory: 'android' } },
  { query: 'cheapest white paper editing today', include: { title: /white papers/i, deliveryAtMost: 1 }, every: { deliveryAtMost: 1 } },
  { query: 'fast and cheap flyers', include: { title: /flyers/i, ...CHEAP, ...FAST }, every: { ...CHEAP, ...FAST } },
  { query: 'copywriter, 3 day delivery, under $100', include: { subCategory: 'copywriting', priceAtMost: 100, deliveryAtMost: 3 } },
  // Skills by other names.
  { query: 'js developer', include: { subCategory: 'frontend' }, every: { category: 'web' } },
  { query: 'k8s cluster', include: { title: /kubernetes cluster/i } },
  { query: 'k8s expert', include: { title: /kubernetes/i } },
  { query: 'react dev', include: { title: /react\b/i, subCategory: 'frontend' } },
  { query: 'wordpress guy', include: { subCategory: 'wordpress' }, every: { category: 'web' } },
  { query: 'seo expert', include: { subCategory: 'seo' }, every: { category: 'marketing' } },
  { query: 'ux', include: { subCategory: 'ux' }, every: { category: 'design' } },
  { query: 'ux designer', include: { subCategory: 'ux' }, every: { category: 'design' } },
  { query: 'ui/ux designer for my app', include: { subCategory: 'ui' }, every: { category: 'design' } },
  { query: 'py data analysis', include: { title: /python/i, subCategory: 'analysis' } },
  { query: 'rn app', include: { title: /react native/i } },
  { query: 'ig growth', include: { title: /instagram/i } },
  { query: 'powerbi dashboard', include: { title: /power bi/i } },
  { query: 'gcp migration', include: { title: /google cloud/i } },
  { query: 'nodejs backend', include: { subCategory: 'backend' }, every: { category: 'web' } },
  { query: 'golang api', include: { title: /\bgo\b/i }, every: { category: 'web' } },
  { query: 'woocommerce shop', include: { title: /woocommerce/i } },
  { query: 'ppc specialist', include: { subCategory: 'ads' } },
  { query: 'ci/cd pipeline with github actions', include: { title: /github actions/i } },
  { query: 'llm chatbot', include: { title: /llm-powered assistant/i } },
  { query: 'full stack dev', include: { subCategory: 'fullstack' } },
  { query: 'iphone app developer', include: { subCategory: 'ios' }, every: { category: 'mobile' } },
  { query: 'api docs writer', include: { title: /api documentation/i } },
  { query: 'ghostwriter for linkedin', include: { title: /linkedin posts/i } },
  { query: 'tiktok marketing', include: { title: /tiktok/i, category: 'marketing' } },
  { query: 'data viz expert', include: { subCategory: 'visualization' } },
  { query: 'devops engineer for terraform', include: { title: /terraform/i } },
  { query: 'figma mockups for my saas', include: { title: /figma/i, category: 'design' } },
  { query: 'excel wizard', include: { title: /excel/i } },
  { query: 'docker help', include: { title: /docker/i } },
  // Other languages' words for the same work.
  { query: 'diseño de logo', include: { subCategory: 'logo' }, every: { category: 'design' } },
  { query: 'diseño de logo barato', include: { subCategory: 'logo', ...CHEAP }, every: CHEAP },
  { query: 'logotipo', include: { subCategory: 'logo' }, every: { category: 'design' } },
  { query: 'logotipo urgente', include: { subCategory: 'logo', ...FAST }, every: FAST },
  { query: 'développeur web', include: { category: 'web' }, every: { category: 'web' } },
  { query: 'Webentwickler', include: { category: 'web' }, every: { category: 'web' } },
  { query: 'Webentwickler günstig', include: { category: 'web', ...CHEAP }, every: CHEAP },
  { query: 'traducción', include: { category: 'writing' }, every: { category: 'writing' } },
  { query: 'Übersetzung', include: { category: 'writing' }, every: { category: 'writing' } },
  { query: 'desarrollador wordpress', include: { subCategory: 'wordpress' } },
  { query: 'tienda online', include: { subCategory: 'ecommerce' }, every: { category: 'web' } },
  { query: 'redes sociales instagram', include: { title: /instagram/i } },
  { query: 'référencement seo', include: { subCategory: 'seo' } },
  { query: 'analyse de données python', include: { title: /python/i, subCategory: 'analysis' } },
  { query: 'application mobile android', include: { subCategory: 'android' }, every: { category: 'mobile' } },
  { query: 'sitio web con react', include: { title: /react\b/i, subCategory: 'frontend' } },
  { query: 'graphiste pas cher', include: { subCategory: 'graphic', ...CHEAP }, every: CHEAP },
  { query: 'flyer en 2 días', include: { title: /flyers/i, deliveryAtMost: 1 }, every: { deliveryAtMost: 2 } },
  { query: 'Logo schnell', include: { subCategory: 'logo', ...FAST }, every: FAST },
  { query: 'Datenanalyse mit Excel', include: { title: /excel/i } },
  // Typos.
  { query: 'logo desginer', include: { subCategory: 'logo' } },
  { query: 'wordpres theme', include: { title: /wordpress theme/i } },
  { query: 'kubernets', include: { title: /kubernetes/i } },
  { query: 'pyhton pandas', include: { title: /pandas/i } },
  { query: 'woocomerce', include: { title: /woocommerce/i } },
  { query: 'figmma design', include: { title: /figma/i, category: 'design' } },
  { query: 'andriod app', include: { subCategory: 'android' } },
  { query: 'expres backend', include: { title: /express/i } },
  { query: 'metabse dashboard', include: { title: /metabase/i } },
  { query: 'instagarm', include: { title: /instagram/i } },
  { query: 'copywritting', include: { subCategory: 'copywriting' } },
  { query: 'terafrom', include: { title: /terraform/i } },
  { query: 'cheep logo', include: { subCategory: 'logo', ...CHEAP } },
  { query: 'mascott logo', include: { title: /mascot logo/i } },
  // Phrasing: whole sentences, filler, punctuation.
  { query: 'I need someone to set up my online store', include: { title: /store ready to sell/i } },
  { query: 'looking for a kotlin developer', include: { title: /kotlin/i } },
  { query: 'can you make me youtube thumbnails?', include: { title: /youtube thumbnails/i } },
  { query: 'help with google ads please', include: { title: /google ads/i } },
  { query: 'who can write blog posts about travel', include: { title: /blog posts about travel/i } },
  { query: 'my wordpress site is slow', include: { title: /speed up your site/i } },
  { query: 'migrate my app to digitalocean', include: { title: /migrate your application to digitalocean/i } },
  { query: 'fix crashes in my iphone app', include: { title: /fix crashes/i } },
  { query: 'Build me a SaaS MVP!!', include: { subCategory: 'fullstack' } },
  { query: 'someone to write my README', include: { title: /readme/i } },
  { query: 'power bi report for sales', include: { title: /power bi/i } },
  { query: 'set up grafana monitoring', include: { title: /prometheus and grafana/i } },
  { query: 'churn prediction model', include: { title: /churn prediction/i } },
  { query: 'email sequence copy', include: { title: /email sequence/i } },
];
