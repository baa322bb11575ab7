import type { GigCategory } from '@commonwork/contracts';

/**
 * Words that carry no meaning for full-text search: request phrasing ("i need someone who can"),
 * articles and pronouns, and nouns every gig shares ("freelancer", "expert"). Role nouns that narrow
 * the search ("designer", "developer", "writer") are deliberately not here.
 */
export const FILLER_WORDS: ReadonlySet<string> = new Set([
  ...['i', "i'm", 'im', "i'd", 'id', 'me', 'my', 'mine', 'we', "we're", 'our', 'us', 'you', 'your', 'it', 'its', 'they', 'their'],
  ...['a', 'an', 'the', 'this', 'that', 'these', 'those', 'some', 'any', 'someone', 'somebody', 'anyone', 'anybody', 'something'],
  ...['to', 'for', 'with', 'of', 'on', 'in', 'at', 'by', 'from', 'into', 'about', 'and', 'or', 'plus', 'also', 'as', 'so', 'just'],
  ...['is', 'are', 'am', 'be', 'been', 'was', 'do', 'does', 'can', 'could', 'would', 'will', 'should', 'who', 'which', 'what', 'that'],
  ...['need', 'needs', 'needed', 'want', 'wants', 'wanted', 'looking', 'look', 'searching', 'search', 'seeking', 'find', 'finding'],
  ...['get', 'getting', 'hire', 'hiring', 'help', 'helps', 'please', 'pls', 'plz', 'thanks', 'like', "i'll", 'let', "let's", 'lets'],
  ...['build', 'create', 'make', 'making', 'building', 'creating', 'done', 'show', 'give', 'good', 'great', 'nice', 'quality'],
  ...['gig', 'gigs', 'freelancer', 'freelancers', 'expert', 'experts', 'specialist', 'specialists', 'professional', 'pro', 'person'],
  ...['service', 'services', 'price', 'priced', 'cost', 'costs', 'delivery', 'delivered', 'budget', 'dollars', 'usd', 'new', 'very'],
  ...['deliver', 'delivers', 'delivering', 'turnaround', 'guy', 'girl', 'dude', 'folks', 'really', 'asking', 'needing'],
  ...['job', 'task', 'work', 'stuff', 'thing', 'things', 'kindly', 'available', 'offer', 'offers', 'asap'],
  ...['but', 'if', 'than', 'then', 'not', "it's", "that's", 'there', 'here', 'really', 'pretty', 'quite', 'too', 'ok', 'okay'],
  ...['hi', 'hello', 'hey', 'thank', 'you', 'does', 'doing', 'creation', 'creacion', 'erstellung', 'crear', 'creer', 'erstellen'],
  // Spanish, French, German, Italian and Portuguese request phrasing and articles.
  ...['de', 'del', 'la', 'las', 'el', 'los', 'un', 'una', 'unos', 'para', 'por', 'con', 'y', 'mi', 'necesito', 'busco', 'quiero'],
  ...['une', 'des', 'du', 'le', 'les', 'pour', 'avec', 'et', 'mon', 'ma', 'je', 'cherche', 'besoin', 'recherche', 'veux'],
  ...['fur', 'ein', 'eine', 'einen', 'mit', 'und', 'ich', 'brauche', 'suche', 'mein', 'meine', 'der', 'die', 'das', 'fuer'],
  ...['per', 'il', 'lo', 'di', 'da', 'uma', 'um', 'preciso', 'cerco', 'e'],
]);

/**
 * Words that name who does the work, not what: once a category is read they add nothing the
 * filter does not say ("logo designer" is the logo sub-category), so they leave the search words.
 * Without a category they stay: "developer" alone is still something to look for.
 */
export const ROLE_WORDS: ReadonlySet<string> = new Set([
  ...['developer', 'developers', 'development', 'designer', 'designers', 'engineer', 'engineers', 'programmer', 'coder'],
  ...['consultant', 'agency', 'company', 'team', 'freelance', 'specialist', 'guru', 'ninja', 'wizard', 'master', 'artist'],
  ...['translator', 'writer', 'writers', 'manager', 'marketer', 'analyst', 'scientist', 'architect'],
]);

/**
 * Vocabulary terms that name a whole category ("web developer", "design", "marketing"). They
 * decide the category filter and then leave the search words, which only rank within it: every
 * gig of the category would match them equally.
 */
export const GENERIC_TERMS: ReadonlySet<string> = new Set([
  ...['web', 'web developer', 'web development', 'webdev', 'mobile', 'app', 'app developer', 'mobile developer'],
  ...['design', 'designer', 'creative', 'data', 'data science', 'data scientist', 'big data', 'devops', 'devops engineer'],
  ...['sysadmin', 'site reliability', 'writer', 'writing', 'marketing', 'digital marketing'],
]);

/**
 * Common English words one edit away from a single-word term ("reach"/"react", "story"/"store",
 * "person"/"persona", "posted"/"poster"). The typo tolerance never rewrites them: they are real words,
 * not misspellings. Found by comparing the synonym table against an English word list.
 */
export const PROTECTED_WORDS: ReadonlySet<string> = new Set([
  ...['reach', 'reached', 'reaches', 'shift', 'shifts', 'flash', 'bails', 'fails', 'hails', 'jails', 'mails', 'nails', 'pails'],
  ...['raids', 'rains', 'raises', 'sails', 'tails', 'trails', 'wails', 'charm', 'chant', 'chats', 'chars', 'aloud', 'clout'],
  ...['consent', 'contest', 'context', 'contend', 'contends', 'contests', 'contexts', 'locker', 'rocker', 'docked', 'docket'],
  ...['resign', 'designed', 'expel', 'sigma', 'clutter', 'flatter', 'flier', 'foyer', 'fryer', 'grape', 'posting', 'postings'],
  ...['costing', 'ghosting', 'hoisting', 'interest', 'interests', 'ironic', 'sonic', 'tonic', 'conic', 'bionic', 'phone'],
  ...['phones', 'query', 'queries', 'manuel', 'ascot', 'posted', 'porter', 'potter', 'roster', 'foster', 'poser', 'pester'],
  ...['feels', 'heels', 'peels', 'rebels', 'reeds', 'reals', 'serve', 'served', 'serves', 'sever', 'story', 'score', 'shore'],
  ...['stone', 'storm', 'stare', 'stole', 'stove', 'stored', 'sores', 'swore', 'spore', 'snore', 'sector', 'victor', 'hector'],
  ...['waiter', 'write', 'writes', 'waiting', 'presume', 'resumed', 'particle', 'person', 'persons', 'personal', 'backed'],
  ...['fronted', 'banding', 'braiding', 'washboard', 'blunder', 'slender', 'lender', 'bender', 'blinder', 'blended', 'looked'],
  ...['looser', 'cooker', 'booker', 'magenta', 'magneto', 'lockup', 'manner', 'manners', 'banker', 'banter', 'banned', 'exiting'],
  ...['motile', 'texting', 'while', 'lower', 'tower', 'start', 'starts', 'smart', 'snack', 'stock', 'stick', 'stuck', 'stack'],
]);

/** One search per sub-category, offered as a suggestion when the request lands in its category. */
export const SUB_CATEGORY_SEARCHES: Readonly<Record<GigCategory, Readonly<Record<string, string>>>> = {
  web: {
    frontend: 'react frontend developer',
    backend: 'node api backend',
    fullstack: 'full stack web app',
    wordpress: 'wordpress website',
    ecommerce: 'shopify store setup',
  },
  mobile: { ios: 'ios app developer', android: 'android app developer', '': 'flutter mobile app' },
  design: { ui: 'figma ui design', ux: 'ux research and wireframes', graphic: 'graphic design poster', logo: 'logo design' },
  data: { analysis: 'excel data analysis', ml: 'machine learning model', visualization: 'power bi dashboard' },
  devops: { cicd: 'github actions pipeline', cloud: 'aws cloud setup', infrastructure: 'kubernetes cluster setup' },
  writing: { copywriting: 'sales copywriting', technical: 'technical documentation', content: 'blog articles', '': 'translation' },
  marketing: { seo: 'seo audit', social: 'social media management', ads: 'google ads campaign' },
};

/** Offered when the request names no category, one per popular area. */
export const POPULAR_SEARCHES: readonly string[] = [
  'react website',
  'logo design',
  'flutter mobile app',
  'power bi dashboard',
  'seo audit',
];
