import type { GIG_CATEGORIES, GigCategory } from '@commonwork/contracts';

type SubCategoryOf<C extends GigCategory> = (typeof GIG_CATEGORIES)[C]['subCategories'][number];

/** What one term of the synonym table points to. */
export interface VocabularyEntry {
  category: GigCategory;
  /** null when the term names the category but no particular sub-category (e.g. "flutter"). */
  subCategory: string | null;
  /**
   * How strongly the term votes; default 2. Broad words ("design", "3d", "ai") vote 1 so that a
   * specific word in the same request ("3d logo") decides the sub-category.
   */
  weight?: number;
}

/** The synonym table the local interpreter reads, plus words its typo tolerance may snap to. */
export interface Vocabulary {
  /** Lower-case term (words separated by one space) → what it points to. */
  terms: Readonly<Record<string, VocabularyEntry>>;
  /**
   * Extra spellings the typo tolerance may correct to, e.g. live gig tags from the database;
   * they never set a category on their own, they only fix the words sent to full-text search.
   */
  extraTerms?: readonly string[];
}

interface SynonymGroup {
  category: GigCategory;
  subCategory: string | null;
  weight?: number;
  terms: readonly string[];
}

/** Ties a group to a sub-category of its own category, so a misspelt sub-category fails to compile. */
function group<C extends GigCategory>(category: C, subCategory: SubCategoryOf<C> | null, list: string, weight?: number) {
  // The terms are one comma-separated text so the table reads as data, not as 600 lines of quotes.
  const terms = list
    .split(/[,\n]/)
    .map((term) => term.trim())
    .filter((term) => term.length > 0);
  const result: SynonymGroup = { category, subCategory, terms };
  if (weight !== undefined) result.weight = weight;
  return result;
}

/**
 * The synonym table as data. Hyphen, dot and space variants need not be listed separately
 * ("front-end", "nextjs"): the matcher also compares terms with those characters removed.
 */
export const SYNONYM_GROUPS: readonly SynonymGroup[] = [
  group(
    'web',
    'frontend',
    `
    react, reactjs, react.js, vue, vue.js, angular, angularjs, svelte, sveltekit, next.js, nuxt, gatsby, frontend, front end,
    landing page, website, web site, webpage, web page, homepage, html, css, tailwind, bootstrap, javascript,
    typescript, jquery, sass, single page app, spa, portfolio site, wix, squarespace, webflow,
    responsive website
  `,
  ),
  group(
    'web',
    'backend',
    `
    node, node.js, express, express.js, nestjs, api, rest api, graphql, django, flask, fastapi, rails, ruby on rails,
    ruby, laravel, php, spring boot, golang, backend, back end, microservices, postgres, postgresql, mysql,
    mongodb, database, c#, dotnet, .net, asp.net, webhook
  `,
  ),
  group('web', 'backend', `python, java, server`, 1),
  group('web', 'fullstack', `full stack, mern, mean stack, mevn, lamp stack, full stack developer`),
  group('web', 'fullstack', `web app, web application, saas, mvp`, 1),
  group('web', 'wordpress', `wordpress, woocommerce, elementor, divi, wp, wordpress plugin, wordpress theme`),
  group(
    'web',
    'ecommerce',
    `
    shopify, ecommerce, online store, online shop, webshop, web shop, magento, bigcommerce, prestashop,
    shopping cart, dropshipping, shopify store, payment integration
  `,
  ),
  group('web', 'ecommerce', `store, shop, checkout`, 1),
  group('web', null, `web, web developer, web development, webdev, web3, blockchain, solidity, smart contract, dapp`, 1),
  group('mobile', 'ios', `ios, iphone, ipad, swift, swiftui, objective-c, xcode, app store, apple watch, ios app`),
  group('mobile', 'android', `android, kotlin, jetpack compose, play store, google play, android app`),
  group(
    'mobile',
    null,
    `
    flutter, react native, mobile app, mobile application, ionic, xamarin, expo, dart, cross platform,
    app developer, mobile developer
  `,
  ),
  group('mobile', null, `mobile, app`, 1),
  group(
    'design',
    'logo',
    `
    logo, logo design, logotype, brand identity, branding, brand kit, brand guidelines, visual identity,
    favicon, mascot
  `,
  ),
  group(
    'design',
    'ui',
    `
    figma, ui, ui design, user interface, interface, mockup, adobe xd, xd, design system, web design, web designer, app designer,
    app design, landing page design, dashboard design, ui kit, prototype
  `,
  ),
  group(
    'design',
    'ux',
    `
    ux, user experience, user research, ux research, wireframe, wireframing, usability, usability testing,
    user testing, ux audit, user flow, journey map, persona, information architecture
  `,
  ),
  group(
    'design',
    'graphic',
    `
    illustration, illustrator, poster, graphic, graphic design, graphic designer, flyer, banner, brochure,
    infographic, business card, packaging, t-shirt design, book cover, icon, photoshop, 3d modeling,
    3d render, blender, motion graphics, thumbnail, youtube thumbnail, vector, canva, presentation design,
    pitch deck, animation
  `,
  ),
  group('design', 'graphic', `3d`, 1),
  group('design', null, `design, designer, creative`, 1),
  group(
    'data',
    'ml',
    `
    machine learning, ml, ai model, artificial intelligence, llm, nlp, natural language processing, pytorch,
    tensorflow, keras, scikit-learn, sklearn, deep learning, neural network, computer vision, chatbot, gpt,
    openai, chatgpt, langchain, rag, fine tuning, hugging face, recommendation system, ai agent
  `,
  ),
  group('data', 'ml', `ai, model, models, prediction, predictive`, 1),
  group(
    'data',
    'visualization',
    `
    dashboard, tableau, power bi, chart, visualization, visualisation, data visualization, data viz, looker,
    looker studio, data studio, d3, d3.js, plotly, metabase, kpi dashboard, graph
  `,
  ),
  group(
    'data',
    'analysis',
    `
    data analysis, data analyst, data analytics, analytics, analysis, excel, spreadsheet, google sheets, sql,
    sql analysis, statistics, statistical analysis, spss, pandas, numpy, jupyter, data cleaning, data entry,
    web scraping, scraping, scraper, etl, data pipeline, a/b testing, forecasting, google analytics,
    r programming
  `,
  ),
  group('data', null, `data, data science, data scientist, big data`, 1),
  group(
    'devops',
    'infrastructure',
    `
    kubernetes, k8s, docker, dockerfile, docker compose, helm, terraform, ansible, infrastructure,
    infrastructure as code, iac, nginx, linux, server setup, vps, monitoring, prometheus, grafana,
    load balancer, sre
  `,
  ),
  group(
    'devops',
    'cloud',
    `
    aws, amazon web services, gcp, google cloud, azure, cloud, cloud migration, ec2, s3, lambda, serverless,
    cloudflare, digitalocean, heroku, vercel, netlify, hosting
  `,
  ),
  group(
    'devops',
    'cicd',
    `
    ci/cd, cicd, ci, continuous integration, continuous deployment, continuous delivery, github actions,
    gitlab ci, jenkins, pipeline, circleci, argocd, deployment, deploy
  `,
  ),
  group('devops', null, `devops, devops engineer, sysadmin, site reliability`, 1),
  group(
    'writing',
    'copywriting',
    `
    copywriting, copywriter, sales copy, ad copy, website copy, landing page copy, email copy,
    email sequence, product description, slogan, tagline, sales page, ux writing
  `,
  ),
  group('writing', 'copywriting', `copy`, 1),
  group(
    'writing',
    'technical',
    `
    technical writing, technical writer, documentation, docs, api docs, api documentation, user manual,
    manual, whitepaper, white paper, readme, tutorial, knowledge base, technical documentation
  `,
  ),
  group(
    'writing',
    'content',
    `
    blog, blog post, article, content writing, content writer, content, ghostwriting, ghostwriter, ebook,
    newsletter, seo writing, seo content, seo article, seo blog, press release, youtube script, video script,
    scriptwriting, storytelling
  `,
  ),
  group(
    'writing',
    null,
    `
    translation, translate, translator, proofreading, proofread, editing, transcription, localization,
    localisation, resume writing, cv writing
  `,
  ),
  group('writing', null, `writer, writing, resume`, 1),
  group(
    'marketing',
    'seo',
    `
    seo, search engine optimization, search engine optimisation, keyword research, backlink, link building,
    on page seo, technical seo, local seo, seo audit, serp, google search console
  `,
  ),
  group(
    'marketing',
    'social',
    `
    social media, social media marketing, instagram, tiktok, facebook, twitter, linkedin, youtube, pinterest,
    influencer, community management, social media manager, content calendar, reels
  `,
  ),
  group(
    'marketing',
    'ads',
    `
    google ads, adwords, facebook ads, meta ads, instagram ads, tiktok ads, linkedin ads, ppc, ads,
    ad campaign, advertising, paid ads, sem, retargeting, ppc campaign
  `,
  ),
  group(
    'marketing',
    null,
    `
    marketing, digital marketing, email marketing, growth hacking, marketing strategy, lead generation,
    mailchimp, sales funnel, affiliate marketing
  `,
  ),
];

function buildTerms(groups: readonly SynonymGroup[]): Record<string, VocabularyEntry> {
  const terms: Record<string, VocabularyEntry> = {};
  for (const { category, subCategory, weight, terms: words } of groups) {
    for (const term of words) {
      const entry: VocabularyEntry = { category, subCategory };
      if (weight !== undefined) entry.weight = weight;
      terms[term] = entry;
    }
  }
  return terms;
}

/** The built-in vocabulary: the synonym table, no extra terms. */
export const VOCABULARY: Vocabulary = { terms: buildTerms(SYNONYM_GROUPS) };

/**
 * The built-in vocabulary plus live terms (e.g. gig tags) the typo tolerance may snap to.
 * Called per request by the service, so it allocates only the small wrapper object.
 */
export function createVocabulary(extraTerms: readonly string[] = [], base: Vocabulary = VOCABULARY): Vocabulary {
  return { terms: base.terms, extraTerms: [...(base.extraTerms ?? []), ...extraTerms] };
}
