import Star from 'lucide-react/icons/star';
import { useState } from 'react';
import { translateEnglish } from '../../shared/i18n/index.ts';
import { labelClass } from '../../shared/ui/classes.ts';
import { useT } from './locales/index.ts';
import { filledStars, STARS, type StarValue, starLabel } from './stars.ts';

const ON = 'fill-amber-400 text-amber-400';
// Outlines at 3:1 or more on either theme's card: an empty star is read, not guessed (WCAG 1.4.11).
const OFF = 'text-slate-500 dark:text-slate-400';

/** A review's stars, read as one image: 'Rated 4 out of 5'. */
export function StarRating({ rating, className = 'h-4 w-4' }: { rating: number; className?: string }) {
  const t = useT();
  return (
    <span role="img" aria-label={t('reviews.stars', { rating })} className="inline-flex items-center gap-0.5">
      {STARS.map((n) => (
        <Star key={n} className={`${className} ${n <= Math.round(rating) ? ON : OFF}`} aria-hidden="true" />
      ))}
    </span>
  );
}

interface StarInputProps {
  id: string;
  name: string;
  value: number | undefined;
  onChange: (value: StarValue) => void;
  onBlur: () => void;
  error: string | undefined;
}

/**
 * The rating as five radio buttons drawn as stars: Tab reaches the group, the arrow keys move
 * between stars and choose (the browser's own radio behaviour), each star is named ('4 stars: very
 * good'), and the pointer previews a choice by hovering.
 */
export function StarInput({ id, name, value, onChange, onBlur, error }: StarInputProps) {
  const t = useT();
  const [hovered, setHovered] = useState<number | null>(null);
  const filled = filledStars(value, hovered);
  const chosen = STARS.find((n) => n === value);
  return (
    <div>
      <span id={`${id}-label`} className={labelClass}>
        {t('reviews.form.rating')}
      </span>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <div
          role="radiogroup"
          aria-labelledby={`${id}-label`}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-required="true"
          className="flex"
          onMouseLeave={() => setHovered(null)}
        >
          {STARS.map((n) => (
            <label
              key={n}
              className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-green-600"
              onMouseEnter={() => setHovered(n)}
            >
              <input
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                onBlur={onBlur}
                aria-invalid={error ? true : undefined}
                className="sr-only"
              />
              <Star className={`h-7 w-7 transition-colors ${n <= filled ? ON : OFF}`} aria-hidden="true" />
              <span className="sr-only">{starLabel(n)}</span>
            </label>
          ))}
        </div>
        {/* The chosen star's word, for sighted readers; the radio's own name says it to screen readers. */}
        {chosen && (
          <span className="text-sm text-slate-600 dark:text-slate-300" aria-hidden="true">
            {starLabel(chosen)}
          </span>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600 dark:text-red-400">
          {translateEnglish(error)}
        </p>
      )}
    </div>
  );
}
