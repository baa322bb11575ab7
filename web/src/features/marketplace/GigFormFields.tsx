import { DELIVERY_OPTIONS, GIG_CATEGORIES, GIG_MIN_PRICE_HINT, type GigInput } from '@commonwork/contracts';
import type { ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { formatCurrency } from '../../shared/format/index.ts';
import { translateEnglish } from '../../shared/i18n/index.ts';
import { cardClass, inputClass } from '../../shared/ui/classes.ts';
import { FormField } from '../../shared/ui/FormField.tsx';

import { categoryLabel, deliveryLabel, subCategoriesOf, subCategoryLabel } from './gigDisplay.ts';
import { descriptionHint, type GigFormValues } from './gigForm.ts';
import { useT } from './locales/index.ts';
import { TagsInput } from './TagsInput.tsx';

type GigForm = UseFormReturn<GigFormValues, unknown, z.output<typeof GigInput>>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={cardClass} aria-label={title}>
      <h2 className="mb-4 text-lg font-semibold text-slate-900 dark:text-white">{title}</h2>
      <div className="space-y-4">{children}</div>
    </section>
  );
}

/** Marks a control invalid and links it to its error line (FormField renders `${id}-error`). */
const invalid = (id: string, message: string | undefined) =>
  message ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : { 'aria-invalid': false as const };

/** The gig form's fields (spec 001 §5): basics, category, pricing and delivery, tags. */
export function GigFormFields({ form }: { form: GigForm }) {
  const t = useT();
  const {
    register,
    control,
    setValue,
    watch,
    formState: { errors },
  } = form;
  const category = watch('category');
  const description = watch('description');
  const subCategories = subCategoriesOf(category);

  return (
    <>
      <Section title={t('marketplace.form.basics')}>
        <FormField id="gig-title" label={t('marketplace.form.gigTitle')} error={errors.title?.message}>
          <input
            id="gig-title"
            type="text"
            placeholder={t('marketplace.form.titlePlaceholder')}
            className={inputClass}
            {...invalid('gig-title', errors.title?.message)}
            {...register('title')}
          />
        </FormField>
        <FormField
          id="gig-description"
          label={t('marketplace.form.description')}
          error={errors.description?.message}
          hint={descriptionHint(description.trim().length)}
        >
          <textarea
            id="gig-description"
            rows={6}
            placeholder={t('marketplace.form.descriptionPlaceholder')}
            className={inputClass}
            {...invalid('gig-description', errors.description?.message)}
            {...register('description')}
          />
        </FormField>
      </Section>

      <Section title={t('marketplace.form.serviceCategory')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="gig-category" label={t('marketplace.form.category')} error={errors.category?.message}>
            <select
              id="gig-category"
              className={inputClass}
              {...invalid('gig-category', errors.category?.message)}
              {...register('category', {
                // Another category has other sub-categories (spec 001 §4).
                onChange: () => setValue('subCategory', ''),
              })}
            >
              <option value="">{t('marketplace.form.selectCategory')}</option>
              {Object.keys(GIG_CATEGORIES).map((value) => (
                <option key={value} value={value}>
                  {categoryLabel(value)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="gig-subcategory" label={t('marketplace.form.subCategory')} error={errors.subCategory?.message}>
            <select
              id="gig-subcategory"
              className={inputClass}
              disabled={subCategories.length === 0}
              {...invalid('gig-subcategory', errors.subCategory?.message)}
              {...register('subCategory')}
            >
              <option value="">
                {subCategories.length === 0 ? t('marketplace.form.categoryFirst') : t('marketplace.form.selectSubCategory')}
              </option>
              {subCategories.map((value) => (
                <option key={value} value={value}>
                  {subCategoryLabel(value)}
                </option>
              ))}
            </select>
          </FormField>
        </div>
      </Section>

      <Section title={t('marketplace.form.pricingDelivery')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="gig-price"
            label={t('marketplace.form.price')}
            error={errors.price?.message}
            hint={t('marketplace.form.minPrice', { price: formatCurrency(GIG_MIN_PRICE_HINT) })}
          >
            <input
              id="gig-price"
              type="number"
              inputMode="decimal"
              min={GIG_MIN_PRICE_HINT}
              step={0.01}
              placeholder="50"
              className={inputClass}
              {...invalid('gig-price', errors.price?.message)}
              {...register('price')}
            />
          </FormField>
          <FormField id="gig-delivery" label={t('marketplace.form.deliveryTime')} error={errors.deliveryTime?.message}>
            <select id="gig-delivery" className={inputClass} {...register('deliveryTime')}>
              {DELIVERY_OPTIONS.map(({ value }) => (
                <option key={value} value={value}>
                  {deliveryLabel(value)}
                </option>
              ))}
            </select>
          </FormField>
        </div>
      </Section>

      <Section title={t('marketplace.tags.section')}>
        <Controller
          control={control}
          name="tags"
          render={({ field, fieldState }) => (
            <>
              <TagsInput id="gig-tags" tags={field.value} onChange={field.onChange} />
              {fieldState.error?.message && (
                <p className="text-sm text-red-600 dark:text-red-400">{translateEnglish(fieldState.error.message)}</p>
              )}
            </>
          )}
        />
      </Section>
    </>
  );
}
