import { GIG_CATEGORIES, type GigCategory } from '@commonwork/contracts';
import { mulberry32 } from '@commonwork/kit';
import { describe, expect, it } from 'vitest';
import { DEMO_CATALOG, type SubCategoryCatalog } from './demoCatalog.ts';
import { fillOf, tagsAllowed } from './demoTags.ts';
import { buildDemoGig } from './seed.ts';

const catalogOf = (category: GigCategory, subCategory: string) =>
  (DEMO_CATALOG[category].subCategories as Record<string, SubCategoryCatalog>)[subCategory] as SubCategoryCatalog;

describe('demo gig tags', () => {
  it('never name a fill other than the one the gig names', () => {
    const frontend = catalogOf('web', 'frontend');
    expect(tagsAllowed(frontend, 'React')).toContain('react');
    expect(tagsAllowed(frontend, 'React')).not.toContain('vue');
    expect(tagsAllowed(frontend, 'React')).toContain('typescript');
    // 'go' is a word of its own, not the end of 'Django'.
    expect(tagsAllowed(catalogOf('web', 'backend'), 'Django')).not.toContain('go');
    expect(tagsAllowed(catalogOf('web', 'backend'), 'Go')).toContain('go');
    expect(tagsAllowed(catalogOf('data', 'ml'), 'churn prediction')).not.toContain('computer vision');
    expect(tagsAllowed(catalogOf('data', 'ml'), 'image classification')).toContain('computer vision');
    expect(fillOf(catalogOf('devops', 'infrastructure'), 'I will run Kubernetes and Terraform for you')).toBe('Kubernetes and Terraform');
    expect(fillOf(catalogOf('web', 'backend'), 'Good APIs, documented')).toBeUndefined();
  });

  it('hold for thousands of generated gigs in every sub-category', () => {
    const rng = mulberry32(11);
    for (const category of Object.keys(GIG_CATEGORIES) as GigCategory[])
      for (const subCategory of GIG_CATEGORIES[category].subCategories)
        for (let i = 0; i < 100; i++) {
          const gig = buildDemoGig(rng, category, subCategory);
          const catalog = catalogOf(category, subCategory);
          const allowed = tagsAllowed(catalog, fillOf(catalog, `${gig.title} ${gig.description}`) ?? '');
          expect(gig.tags.length, gig.title).toBeGreaterThan(0);
          for (const tag of gig.tags) expect(allowed.has(tag), `${gig.title}: ${tag}`).toBe(true);
        }
  });
});
