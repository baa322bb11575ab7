import type { Gig } from '@commonwork/contracts';
import { BarChart3, Clock, Eye, Heart, MapPin, MessageCircle, Send, ShoppingCart, Star } from 'lucide-react';
import { formatCurrency } from '../../shared/format/index.ts';
import { Avatar } from '../../shared/ui/Avatar.tsx';
import { buttonPrimary, buttonSecondary, cardClass } from '../../shared/ui/classes.ts';
import { countText, DEFAULT_LOCATION, deliveryLabel, ratingText, STAT_DEFAULTS, statOrDefault } from './gigDisplay.ts';
import { FREELANCER_BLURB_STATS } from './messages.ts';

/** The freelancer's card beside the description: name, picture (or initials), location and fixed stats. */
export function FreelancerBlurb({ gig }: { gig: Gig }) {
  const { name, picture, profile } = gig.freelancer;
  return (
    <section className={cardClass} aria-labelledby="freelancer-title">
      <h2 id="freelancer-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        About the freelancer
      </h2>
      <div className="mt-4 flex items-center gap-4">
        <Avatar name={name} picture={picture || null} className="h-14 w-14 text-lg" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900 dark:text-white">{name}</p>
          <p className="flex items-center gap-1 text-sm text-slate-500 dark:text-slate-400">
            <MapPin className="h-4 w-4" aria-hidden="true" />
            {profile?.location || DEFAULT_LOCATION}
          </p>
        </div>
      </div>
      <dl className="mt-5 grid grid-cols-3 gap-3 text-center">
        {FREELANCER_BLURB_STATS.map(({ value, label }) => (
          <div key={label} className="flex flex-col-reverse rounded-xl bg-slate-50 px-2 py-3 dark:bg-slate-800">
            <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="text-lg font-bold text-slate-900 dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

interface PricingCardProps {
  gig: Gig;
  onOrder: () => void;
  onContact: () => void;
  onInterest: () => void;
  contacting: boolean;
  sendingInterest: boolean;
}

/** Price, delivery and the three actions of spec 001 §2. */
export function PricingCard({ gig, onOrder, onContact, onInterest, contacting, sendingInterest }: PricingCardProps) {
  return (
    <section className={cardClass} aria-labelledby="pricing-title">
      <h2 id="pricing-title" className="sr-only">
        Pricing
      </h2>
      <p className="text-sm text-slate-500 dark:text-slate-400">Starting at</p>
      <p className="text-3xl font-bold text-slate-900 dark:text-white">{formatCurrency(gig.price)}</p>
      <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-300">
        <Clock className="h-4 w-4" aria-hidden="true" />
        Delivery in {deliveryLabel(gig.deliveryTime)}
      </p>
      <div className="mt-5 space-y-2">
        <button type="button" className={`${buttonPrimary} w-full`} onClick={onOrder}>
          <ShoppingCart className="h-4 w-4" aria-hidden="true" />
          Order Now
        </button>
        <button type="button" className={`${buttonSecondary} w-full`} onClick={onContact} disabled={contacting}>
          <MessageCircle className="h-4 w-4" aria-hidden="true" />
          {contacting ? 'Contacting...' : 'Contact Freelancer'}
        </button>
        <button type="button" className={`${buttonSecondary} w-full`} onClick={onInterest} disabled={sendingInterest}>
          <Send className="h-4 w-4" aria-hidden="true" />
          {sendingInterest ? 'Sending...' : 'Send Interest'}
        </button>
      </div>
    </section>
  );
}

/** Views, favorites and orders; the spec's placeholders only when a value is absent (a real 0 shows 0). */
export function StatisticsCard({ gig }: { gig: Gig }) {
  const rows = [
    { label: 'Views', value: statOrDefault(gig.views, STAT_DEFAULTS.views), icon: Eye },
    { label: 'Favorites', value: statOrDefault(gig.favorites, STAT_DEFAULTS.favorites), icon: Heart },
    { label: 'Orders', value: statOrDefault(gig.orders, STAT_DEFAULTS.orders), icon: ShoppingCart },
  ];
  return (
    <section className={cardClass} aria-labelledby="statistics-title">
      <h2 id="statistics-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        <BarChart3 className="h-5 w-5 text-green-600" aria-hidden="true" />
        Gig Statistics
      </h2>
      <dl className="mt-4 space-y-3">
        {rows.map(({ label, value, icon: Icon }) => (
          <div key={label} className="flex items-center justify-between text-sm">
            <dt className="flex items-center gap-2 text-slate-600 dark:text-slate-400">
              <Icon className="h-4 w-4" aria-hidden="true" />
              {label}
            </dt>
            <dd className="font-semibold text-slate-900 dark:text-white">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Rating with review count, shown under the title. */
export function RatingLine({ rating, reviews }: { rating: number; reviews: number }) {
  return (
    <span className="inline-flex items-center gap-1">
      <Star className="h-4 w-4 fill-amber-400 text-amber-400" aria-hidden="true" />
      <span className="font-semibold text-slate-900 dark:text-white">{ratingText(rating)}</span>
      <span>({countText(reviews, 'review')})</span>
    </span>
  );
}
