import type { GIG_CATEGORIES, GigCategory } from '@commonwork/contracts';

/**
 * What demo gigs are made of, per sub-category: title templates (`{x}` takes one of `fills`), an
 * opening sentence (also with `{x}`), and the tag pool a gig draws 2-5 tags from. The seed mixes
 * these with each category's process sentences and a closing line into 2-3 sentence descriptions.
 */
export interface SubCategoryCatalog {
  titles: readonly string[];
  fills: readonly string[];
  pitches: readonly string[];
  tags: readonly string[];
  /**
   * Tags that belong to one fill only, beyond those that name a fill (see demoTags.ts): a gig gets
   * them only when its title has that fill, so a tag never contradicts the title.
   */
  fillTags?: Readonly<Record<string, readonly string[]>>;
  /** Multiplies the price a band gives (logo work is cheaper than a full-stack build). */
  priceFactor?: number;
}

type SubCategoryOf<C extends GigCategory> = (typeof GIG_CATEGORIES)[C]['subCategories'][number];
export type DemoCatalog = {
  [C in GigCategory]: { process: readonly string[]; subCategories: { [S in SubCategoryOf<C>]: SubCategoryCatalog } };
};

export const DEMO_CATALOG: DemoCatalog = {
  web: {
    process: [
      'You get a staging link on day one and a short update every evening.',
      'Every page is tested on mobile, tablet and desktop before I hand it over.',
      'The code is typed, linted and documented so your team can take it from there.',
    ],
    subCategories: {
      frontend: {
        titles: [
          'I will build a responsive {x} landing page',
          'I will convert your Figma design into a pixel-perfect {x} app',
          'I will build an accessible {x} admin dashboard',
          'I will create reusable {x} components for your design system',
          'I will fix bugs and speed up your {x} frontend',
        ],
        fills: ['React', 'Next.js', 'Vue', 'Svelte', 'Angular', 'Astro', 'Tailwind'],
        pitches: [
          'I turn designs into fast, accessible {x} interfaces that score green on Lighthouse.',
          'I have shipped {x} frontends for startups and agencies for six years.',
        ],
        tags: [
          'react',
          'nextjs',
          'vue',
          'svelte',
          'angular',
          'astro',
          'tailwind',
          'typescript',
          'responsive',
          'accessibility',
          'dashboard',
        ],
      },
      backend: {
        titles: [
          'I will build a secure REST API with {x}',
          'I will design your database and write a {x} backend',
          'I will add authentication and payments to your {x} server',
          'I will write GraphQL resolvers in {x}',
          'I will fix slow queries in your {x} application',
        ],
        fills: ['Node.js', 'Express', 'Fastify', 'Django', 'Laravel', 'Go', 'Spring Boot', 'Rails'],
        pitches: [
          'I build {x} services that are tested, documented and easy to deploy.',
          'Your API gets input validation, rate limits and clear error messages, written in {x}.',
        ],
        tags: ['nodejs', 'express', 'fastify', 'django', 'laravel', 'go', 'postgresql', 'mongodb', 'api', 'graphql', 'rest'],
        priceFactor: 1.2,
      },
      fullstack: {
        titles: [
          'I will build your SaaS MVP with {x}',
          'I will develop a full stack web app using {x}',
          'I will add a customer portal to your product with {x}',
          'I will build a marketplace website with {x}',
        ],
        fills: ['Next.js and Prisma', 'the MERN stack', 'Django and React', 'Laravel and Vue', 'Remix', 'Rails and Hotwire'],
        pitches: [
          'I take your idea from wireframe to a deployed product built on {x}.',
          'I build complete products with {x}: sign-in, billing, admin and email included.',
        ],
        tags: ['saas', 'mvp', 'nextjs', 'react', 'prisma', 'mern', 'django', 'laravel', 'stripe', 'fullstack'],
        priceFactor: 1.6,
      },
      wordpress: {
        titles: [
          'I will design a professional WordPress website with {x}',
          'I will fix WordPress errors and speed up your site',
          'I will build a custom WordPress theme using {x}',
          'I will migrate your website to WordPress',
        ],
        fills: ['Elementor', 'Gutenberg blocks', 'Divi', 'Astra', 'a custom theme'],
        pitches: [
          'I build WordPress sites with {x} that you can edit yourself without calling a developer.',
          'Slow, broken or hacked WordPress site? I have cleaned up hundreds of them.',
        ],
        tags: ['wordpress', 'elementor', 'gutenberg', 'divi', 'php', 'website', 'speed', 'plugin'],
        priceFactor: 0.6,
      },
      ecommerce: {
        titles: [
          'I will set up your {x} store ready to sell',
          'I will customize your {x} theme and checkout',
          'I will migrate your products to {x}',
          'I will build a headless {x} storefront',
        ],
        fills: ['Shopify', 'WooCommerce', 'BigCommerce', 'Magento', 'Medusa'],
        pitches: [
          'I set up {x} stores that load fast and convert: products, payments, shipping and taxes.',
          'I have launched more than eighty {x} stores for brands in fashion, food and home goods.',
        ],
        tags: ['shopify', 'woocommerce', 'bigcommerce', 'magento', 'ecommerce', 'checkout', 'dropshipping', 'online store'],
      },
    },
  },
  mobile: {
    process: [
      'You get a TestFlight or internal testing build every week.',
      'I handle store listings, screenshots and the review process for you.',
      'Crash reporting and analytics are set up before launch.',
    ],
    subCategories: {
      ios: {
        titles: [
          'I will develop a native iOS app in {x}',
          'I will fix crashes and bugs in your {x} iPhone app',
          'I will publish your app to the App Store',
          'I will add in-app purchases to your iOS app',
        ],
        fills: ['Swift', 'SwiftUI', 'UIKit', 'Objective-C'],
        pitches: [
          "I build native iPhone and iPad apps in {x} that follow Apple's Human Interface Guidelines.",
          'Seven years of {x} work on apps with more than a million downloads.',
        ],
        tags: ['ios', 'swift', 'swiftui', 'iphone', 'ipad', 'app store', 'xcode', 'mobile app'],
        priceFactor: 1.5,
      },
      android: {
        titles: [
          'I will develop an Android app in {x}',
          'I will build a cross-platform app with {x}',
          'I will publish your app on Google Play',
          'I will update your Android app to the latest SDK',
        ],
        fills: ['Kotlin', 'Jetpack Compose', 'Flutter', 'React Native', 'Java'],
        pitches: [
          'I write modern Android apps in {x} with offline support and clean architecture.',
          'One code base, two stores: I ship {x} apps that feel native on every phone.',
        ],
        tags: ['android', 'kotlin', 'jetpack compose', 'flutter', 'react native', 'google play', 'mobile app', 'firebase'],
        priceFactor: 1.4,
      },
    },
  },
  design: {
    process: [
      'You get two initial concepts and unlimited revisions on the one you choose.',
      'All source files are delivered in Figma, ready for your developers.',
      'I start with a short call to understand your audience and goals.',
    ],
    subCategories: {
      ui: {
        titles: [
          'I will design a modern {x} in Figma',
          'I will redesign your {x} UI',
          'I will create a UI kit and design system for your {x}',
        ],
        fills: ['mobile app', 'SaaS dashboard', 'landing page', 'web app', 'admin panel'],
        pitches: [
          'I design clean, consistent interfaces for {x} products that developers love to build.',
          'Your {x} gets a polished look with a component library to match.',
        ],
        tags: ['ui design', 'figma', 'design system', 'mobile app', 'dashboard', 'web design', 'prototype'],
      },
      ux: {
        titles: [
          'I will run a UX audit of your {x}',
          'I will create wireframes and user flows for your {x}',
          'I will conduct user research and usability testing for your {x}',
        ],
        fills: ['website', 'mobile app', 'SaaS product', 'checkout flow', 'onboarding'],
        pitches: [
          'I find where users get stuck in your {x} and show you how to fix it.',
          'Research first, pixels later: I map the journeys that matter in your {x}.',
        ],
        tags: ['ux design', 'user research', 'wireframes', 'usability testing', 'user flows', 'prototype', 'figma'],
      },
      graphic: {
        titles: ['I will design eye-catching {x}', 'I will create {x} for your brand', 'I will design print-ready {x}'],
        fills: ['social media graphics', 'flyers and posters', 'pitch deck slides', 'infographics', 'packaging', 'YouTube thumbnails'],
        pitches: ['I design {x} that stop the scroll and stay on brand.', 'Bold, clean {x} delivered in every size and format you need.'],
        tags: ['graphic design', 'illustrator', 'photoshop', 'canva', 'social media', 'print', 'branding', 'infographic'],
        priceFactor: 0.5,
      },
      logo: {
        titles: [
          'I will design a {x} logo for your business',
          'I will create a {x} logo and brand identity',
          'I will redesign your logo in a {x} style',
        ],
        fills: ['minimalist', 'modern', 'vintage', 'hand-lettered', 'mascot', 'luxury'],
        pitches: [
          'I design {x} logos that work on a business card and on a billboard.',
          'You get a {x} logo with colour palette, fonts and a one-page brand guide.',
        ],
        tags: ['logo design', 'branding', 'brand identity', 'minimalist', 'vector', 'illustrator', 'business logo'],
        priceFactor: 0.35,
      },
    },
  },
  data: {
    process: [
      'Every analysis comes with a reproducible notebook and a plain-language summary.',
      'I clean and validate the data first, so the numbers can be trusted.',
      'We agree on the questions up front, then I report back twice a week.',
    ],
    subCategories: {
      analysis: {
        titles: [
          'I will analyze your data with {x} and write a report',
          'I will clean and prepare your dataset in {x}',
          'I will do statistical analysis in {x}',
          'I will build automated reports with {x}',
        ],
        fills: ['Python', 'pandas', 'R', 'SQL', 'Excel', 'SPSS'],
        pitches: [
          'I turn messy spreadsheets into clear answers using {x}.',
          'I am a data analyst who explains {x} results so anyone in the room understands them.',
        ],
        tags: ['data analysis', 'python', 'pandas', 'r', 'sql', 'excel', 'statistics', 'reporting'],
      },
      ml: {
        titles: [
          'I will build a {x} model for your business',
          'I will fine-tune a model for {x} on your own data',
          'I will deploy your {x} model to production',
          'I will build an LLM-powered assistant for {x}',
        ],
        fills: [
          'churn prediction',
          'demand forecasting',
          'image classification',
          'support ticket triage',
          'document search',
          'fraud detection',
        ],
        pitches: [
          'I design, train and deploy machine learning for {x}, with honest metrics.',
          'I take {x} from a notebook experiment to a production API, with PyTorch or scikit-learn.',
        ],
        tags: ['machine learning', 'pytorch', 'tensorflow', 'scikit-learn', 'llm', 'nlp', 'computer vision', 'forecasting', 'mlops'],
        fillTags: {
          'image classification': ['computer vision'],
          'demand forecasting': ['forecasting'],
          'support ticket triage': ['nlp', 'llm'],
          'document search': ['nlp', 'llm'],
        },
        priceFactor: 1.8,
      },
      visualization: {
        titles: [
          'I will build an interactive {x} dashboard',
          'I will create clear charts and visualizations in {x}',
          'I will connect your data sources to {x}',
        ],
        fills: ['Power BI', 'Tableau', 'Looker Studio', 'Metabase', 'Grafana', 'D3.js'],
        pitches: [
          'I build {x} dashboards your team will actually open every morning.',
          'Your KPIs, live and in one place: I design {x} reports around the decisions you make.',
        ],
        tags: ['data visualization', 'power bi', 'tableau', 'looker studio', 'metabase', 'grafana', 'd3', 'dashboard', 'kpi'],
        fillTags: { 'D3.js': ['d3'] },
      },
    },
  },
  devops: {
    process: [
      'Everything is written as code and committed to your repository.',
      'I document each step so your team can run and change it without me.',
      'Changes roll out gradually, with a rollback plan for each one.',
    ],
    subCategories: {
      cicd: {
        titles: [
          'I will set up a CI/CD pipeline with {x}',
          'I will automate your tests and deployments using {x}',
          'I will speed up your slow {x} builds',
        ],
        fills: ['GitHub Actions', 'GitLab CI', 'Jenkins', 'CircleCI', 'Argo CD', 'Azure DevOps'],
        pitches: [
          'I build {x} pipelines that test, build and deploy on every push.',
          'Ship on Fridays again: I set up {x} with previews, checks and one-click rollbacks.',
        ],
        tags: ['ci/cd', 'github actions', 'gitlab ci', 'jenkins', 'argo cd', 'docker', 'automation', 'devops'],
      },
      cloud: {
        titles: [
          'I will set up and secure your {x} infrastructure',
          'I will migrate your application to {x}',
          'I will cut your {x} bill with a cost review',
          'I will deploy your app on {x} with autoscaling',
        ],
        fills: ['AWS', 'Google Cloud', 'Azure', 'DigitalOcean', 'Hetzner', 'Cloudflare'],
        pitches: [
          'I build secure, well-monitored {x} setups with least-privilege access from day one.',
          'I move workloads to {x} without downtime and leave you with clear runbooks.',
        ],
        tags: ['aws', 'google cloud', 'azure', 'digitalocean', 'cloudflare', 'serverless', 'cloud migration', 'security'],
        priceFactor: 1.4,
      },
      infrastructure: {
        titles: [
          'I will set up a production Kubernetes cluster on any cloud',
          'I will automate your infrastructure with {x}',
          'I will fix and harden your {x} setup',
          'I will review your {x} configuration for security and cost',
          'I will set up monitoring and alerting with Prometheus and Grafana',
        ],
        fills: ['Kubernetes', 'Terraform', 'Docker', 'Ansible', 'Helm', 'Kubernetes and Terraform'],
        pitches: [
          'I build reliable infrastructure with {x}, reviewed and tested like application code.',
          'Five years running {x} in production for fintech and e-commerce teams.',
        ],
        tags: ['kubernetes', 'terraform', 'docker', 'ansible', 'helm', 'prometheus', 'grafana', 'linux', 'infrastructure as code'],
        priceFactor: 1.5,
      },
    },
  },
  writing: {
    process: [
      'Every piece is original, fact-checked and passes a plagiarism check.',
      'I follow your style guide, or write one for you if you do not have one.',
      'Two rounds of revisions are included.',
    ],
    subCategories: {
      copywriting: {
        titles: [
          'I will write persuasive {x} copy',
          'I will rewrite your {x} copy to convert more visitors',
          'I will write {x} copy that sounds like your brand',
        ],
        fills: ['landing page', 'email sequence', 'sales page', 'product description', 'homepage', 'ad'],
        pitches: [
          'I write {x} copy that speaks to your customers and gets them to act.',
          'Clear, confident {x} copy for SaaS and e-commerce brands.',
        ],
        tags: ['copywriting', 'landing page', 'email marketing', 'sales copy', 'conversion', 'brand voice', 'ux writing'],
        priceFactor: 0.6,
      },
      technical: {
        titles: [
          'I will write {x} for your software product',
          'I will create clear {x} for developers',
          'I will edit and improve your {x}',
        ],
        fills: ['API documentation', 'user guides', 'developer tutorials', 'README files', 'release notes', 'white papers'],
        pitches: [
          'I am a former engineer who writes {x} people can follow on the first read.',
          'Good {x} saves support tickets: I write them with working, tested examples.',
        ],
        tags: ['technical writing', 'documentation', 'api docs', 'tutorials', 'markdown', 'developer experience', 'white paper'],
        fillTags: { 'API documentation': ['api docs'], 'developer tutorials': ['tutorials'], 'white papers': ['white paper'] },
      },
      content: {
        titles: [
          'I will write SEO blog posts about {x}',
          'I will write in-depth articles on {x}',
          'I will ghostwrite LinkedIn posts about {x}',
        ],
        fills: ['software development', 'personal finance', 'SaaS', 'health and fitness', 'travel', 'artificial intelligence'],
        pitches: [
          'I write well-researched articles on {x} that rank and get read to the end.',
          'Your blog about {x}, on schedule: outlines, drafts and images each week.',
        ],
        tags: ['content writing', 'blog posts', 'articles', 'seo writing', 'ghostwriting', 'linkedin', 'research'],
        priceFactor: 0.45,
      },
    },
  },
  marketing: {
    process: [
      'You get a weekly report with the numbers that matter and what I changed.',
      'I start with an audit of where you are today, then a 90-day plan.',
      'All accounts and data stay in your name.',
    ],
    subCategories: {
      seo: {
        titles: [
          'I will do {x} for your website',
          'I will improve your Google rankings with {x}',
          'I will grow your organic traffic with {x}',
        ],
        fills: ['an SEO audit', 'keyword research', 'on-page SEO', 'link building', 'local SEO', 'technical SEO'],
        pitches: [
          'I grow organic traffic with {x} based on data, not guesswork.',
          'I have taken sites from page five to page one with careful {x}.',
        ],
        tags: ['seo', 'keyword research', 'technical seo', 'link building', 'local seo', 'google search console', 'ahrefs'],
        priceFactor: 0.7,
      },
      social: {
        titles: ['I will manage your {x} account', 'I will create a month of {x} content', 'I will grow your {x} audience organically'],
        fills: ['Instagram', 'LinkedIn', 'TikTok', 'X (Twitter)', 'YouTube', 'Pinterest'],
        pitches: [
          'I plan, create and schedule {x} posts that build a real community.',
          'More reach, more replies: I run {x} accounts for founders and small brands.',
        ],
        tags: ['social media marketing', 'instagram', 'linkedin', 'tiktok', 'youtube', 'content calendar', 'community management'],
        priceFactor: 0.6,
      },
      ads: {
        titles: [
          'I will set up and manage your {x} campaigns',
          'I will audit and optimize your {x}',
          'I will run profitable {x} for your store',
        ],
        fills: ['Google Ads', 'Meta ads', 'LinkedIn ads', 'TikTok ads', 'Microsoft Ads', 'YouTube ads'],
        pitches: [
          'I am a certified {x} specialist focused on return on ad spend.',
          'I rebuild {x} accounts around conversion tracking that you can trust.',
        ],
        tags: ['google ads', 'facebook ads', 'ppc', 'linkedin ads', 'tiktok ads', 'conversion tracking', 'paid social', 'roas'],
        fillTags: { 'Meta ads': ['facebook ads', 'paid social'], 'TikTok ads': ['paid social'], 'LinkedIn ads': ['paid social'] },
      },
    },
  },
};

/** The last sentence of a description, shared by every category. */
export const CLOSERS = [
  'Message me before ordering so we can agree on scope.',
  'Not sure which package fits? Send me a message and I will reply within a few hours.',
  'I reply within a few hours on weekdays.',
  'Satisfaction guaranteed: I work until you are happy with the result.',
  'Check my reviews, then let us build something great together.',
  'Rush delivery is available on request.',
] as const;
