import { randomUUID } from 'node:crypto';
import { marketplaceRoutes } from '@commonwork/contracts';
import { type Browser, expect, type Page, test } from './fixtures.ts';
import { buildPerson, signUpWithDevIssuer } from './helpers.ts';

/** react-hot-toast announces each toast in a status region. */
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

/** A second, signed-in person in a browser context of their own. */
async function signUpSomeoneElse(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpWithDevIssuer(page, buildPerson('buyer'));
  return { page, close: () => context.close() };
}

test('a freelancer publishes a gig, finds it with AI search, edits it and deletes it; others cannot change it', async ({
  page,
  browser,
}) => {
  const title = `I will build a React landing page (${randomUUID().slice(0, 8)})`;
  await signUpWithDevIssuer(page, buildPerson('freelancer'));

  // The form checks in the spec's order: an empty submit reports the title first.
  await page.goto('/marketplace/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Gig' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish Gig' }).click();
  await expect(toast(page, 'Title is required')).toBeVisible();
  await expect(page).toHaveURL(/\/marketplace\/create$/);

  await page.getByLabel('Gig Title').fill(title);
  await page
    .getByLabel('Description', { exact: true })
    .fill('A fast, accessible landing page in React and Tailwind, responsive, with a contact form.');
  await page.getByRole('button', { name: 'Publish Gig' }).click();
  await expect(toast(page, 'Category is required')).toBeVisible();
  // The form's messages replace each other: the title's is gone, and a second try adds none.
  await expect(page.getByRole('status').filter({ hasText: 'Title is required' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Publish Gig' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is required' })).toHaveCount(1);

  await page.getByLabel('Category', { exact: true }).selectOption('web');
  await page.getByLabel('Sub-category', { exact: true }).selectOption('frontend');
  await page.getByLabel('Price (USD)').fill('120');
  await page.getByLabel('Delivery Time').selectOption('3');
  const tagInput = page.getByLabel('Add a tag');
  await tagInput.fill('react');
  await tagInput.press('Enter');
  await tagInput.fill('landing page');
  await page.getByRole('button', { name: 'Add tag' }).click();
  await tagInput.fill('React');
  await tagInput.press('Enter');
  await expect(page.getByText('That tag is already added')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Added tags' }).getByRole('listitem')).toHaveCount(2);

  await page.getByRole('button', { name: 'Publish Gig' }).click();
  await expect(toast(page, 'Gig published successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/marketplace\/[0-9a-f-]{36}$/);
  const gigUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('$120').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Skills' }).getByText('landing page')).toBeVisible();

  // Typing suggestions come from real tags, and the keyboard picks one.
  await page.goto('/marketplace');
  const searchBox = page.getByRole('combobox', { name: 'Search gigs' });
  await searchBox.fill('reac');
  const suggestions = page.getByRole('listbox', { name: 'Search suggestions' });
  await expect(suggestions.getByRole('option', { name: 'react', exact: true })).toBeVisible();
  await searchBox.press('ArrowDown');
  await expect(suggestions.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await searchBox.press('Escape');
  await expect(suggestions).toBeHidden();

  // AI search reads plain words as filters and explains itself.
  await searchBox.fill('cheap react landing page');
  const aiAnswer = page.waitForResponse(
    (r) => r.url().endsWith(marketplaceRoutes.aiSearch.url) && r.request().method() === marketplaceRoutes.aiSearch.method,
  );
  await page.getByRole('button', { name: 'AI Search' }).click();
  const { data } = (await (await aiAnswer).json()) as { data: { searchQuery: string } };
  // The panel writes its reading itself (in the language on screen): "cheap" was read as a price filter.
  await expect(page.getByText(`The filters come from your request; "${data.searchQuery}"`, { exact: false })).toBeVisible();
  // The box keeps the person's words; the words the search used show beside it.
  await expect(searchBox).toHaveValue('cheap react landing page');
  await expect(page.getByRole('list', { name: 'Also applied' }).getByText(`Words: ${data.searchQuery}`)).toBeVisible();
  await expect(page.getByLabel('Price Range')).toHaveValue('low');
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(page.getByText(/\d+ gigs found/)).toBeVisible();
  await expect(card.getByRole('link', { name: `Edit ${title}` })).toBeVisible();

  // Edit from the detail page: the new price shows.
  await card.getByRole('link', { name: `View Details: ${title}` }).click();
  await expect(page).toHaveURL(gigUrl);
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Gig' })).toBeVisible();
  await expect(page.getByLabel('Gig Title')).toHaveValue(title);
  await page.getByLabel('Price (USD)').fill('95');
  await page.getByRole('button', { name: 'Update Gig' }).click();
  await expect(toast(page, 'Gig updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(gigUrl);
  await expect(page.getByRole('complementary', { name: 'Order this gig' }).getByText('$95')).toBeVisible();

  // Someone else sees the gig but cannot edit or delete it.
  const buyer = await signUpSomeoneElse(browser);
  await buyer.page.goto(gigUrl);
  await expect(buyer.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(buyer.page.getByRole('button', { name: 'Contact Freelancer' })).toBeVisible();
  await expect(buyer.page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(buyer.page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  // Order Now leads to the gig's order form (e2e/orders.e2e.test.ts places orders).
  await expect(buyer.page.getByRole('link', { name: 'Order Now' })).toHaveAttribute('href', /^\/orders\/new\?gig=[0-9a-f-]{36}$/);
  await buyer.page.goto('/marketplace');
  // Among the demo's gigs, the buyer finds it by the words of its title.
  await buyer.page.getByRole('combobox', { name: 'Search gigs' }).fill(title.slice(title.indexOf('(') + 1, -1));
  const buyerCard = buyer.page.getByRole('article', { name: title });
  await expect(buyerCard).toBeVisible();
  await expect(buyerCard.getByRole('link', { name: `Edit ${title}` })).toHaveCount(0);
  await expect(buyerCard.getByRole('button', { name: `Delete ${title}` })).toHaveCount(0);
  await buyer.close();

  // The owner deletes it after confirming; it is gone from the list and its page.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete gig' });
  await expect(dialog).toContainText(`Are you sure you want to delete "${title}"? This action cannot be undone.`);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, 'Gig deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/marketplace$/);
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);
  await page.goto(gigUrl);
  await expect(page.getByRole('heading', { name: 'Gig not found' })).toBeVisible();
  await expect(page.getByText("The gig you're looking for doesn't exist or has been removed.")).toBeVisible();
});

test('a search that matches nothing shows the empty state', async ({ page }) => {
  await signUpWithDevIssuer(page, buildPerson('empty'));
  await page.goto('/marketplace');
  await page.getByRole('combobox', { name: 'Search gigs' }).fill('zzqxw nothing like this');
  await expect(page.getByText('No gigs found')).toBeVisible();
  await expect(page.getByText('Try adjusting your filters or search terms')).toBeVisible();
  await expect(page.getByText('0 gigs found')).toBeVisible();
  await page.getByRole('button', { name: 'Clear All Filters' }).click();
  await expect(page.getByRole('combobox', { name: 'Search gigs' })).toHaveValue('');

  // Enter in the box runs the AI search too; its explanation can be dismissed.
  await page.getByRole('combobox', { name: 'Search gigs' }).fill('a cheap logo design');
  await page.getByRole('combobox', { name: 'Search gigs' }).press('Enter');
  const dismiss = page.getByRole('button', { name: 'Dismiss AI search explanation' });
  await expect(dismiss).toBeVisible();
  await expect(page.getByLabel('Category', { exact: true })).toHaveValue('design');
  await dismiss.click();
  await expect(dismiss).toBeHidden();
});
