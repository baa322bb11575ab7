import type { Gig } from '@commonwork/contracts';
import Clock from 'lucide-react/icons/clock';
import MessageCircle from 'lucide-react/icons/message-circle';
import Send from 'lucide-react/icons/send';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import { Link } from 'react-router-dom';
import { formatCurrency } from '../../shared/format/index.ts';
import { buttonPrimary, buttonSecondary, cardClass } from '../../shared/ui/classes.ts';
import { useT } from './browse/locales/index.ts';
import { deliveryLabel, gigIdOf } from './gigDisplay.ts';

interface PricingCardProps {
  gig: Gig;
  /** The viewer's own gig: nothing to order, nobody to contact; its Edit and Delete are at the top of the page. */
  owned: boolean;
  onContact: () => void;
  onInterest: () => void;
  contacting: boolean;
  sendingInterest: boolean;
}

/** Price, delivery and the three actions of spec 001 §2. */
export function PricingCard({ gig, owned, onContact, onInterest, contacting, sendingInterest }: PricingCardProps) {
  const t = useT();
  return (
    <section className={cardClass} aria-labelledby="pricing-title">
      <h2 id="pricing-title" className="sr-only">
        {t('marketplace.pricing.title')}
      </h2>
      <p className="text-sm text-slate-500 dark:text-slate-400">{t('marketplace.pricing.startingAt')}</p>
      <p className="text-3xl font-bold text-slate-900 dark:text-white">{formatCurrency(gig.price)}</p>
      <p className="mt-2 flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-300">
        <Clock className="h-4 w-4" aria-hidden="true" />
        {t('marketplace.pricing.deliveryIn', { time: deliveryLabel(gig.deliveryTime) })}
      </p>
      {owned ? (
        <p className="mt-5 rounded-lg bg-slate-50 p-3 text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          {t('marketplace.pricing.yours')}
        </p>
      ) : (
        <div className="mt-5 space-y-2">
          {/* The order form (issue 30): a page of its own; a visitor signed out is asked to sign in first by its route. */}
          <Link to={`/orders/new?gig=${encodeURIComponent(gigIdOf(gig))}`} className={`${buttonPrimary} w-full`}>
            <ShoppingCart className="h-4 w-4" aria-hidden="true" />
            {t('marketplace.pricing.order')}
          </Link>
          <button type="button" className={`${buttonSecondary} w-full`} onClick={onContact} disabled={contacting}>
            <MessageCircle className="h-4 w-4" aria-hidden="true" />
            {contacting ? t('marketplace.pricing.contacting') : t('marketplace.pricing.contact')}
          </button>
          <button type="button" className={`${buttonSecondary} w-full`} onClick={onInterest} disabled={sendingInterest}>
            <Send className="h-4 w-4" aria-hidden="true" />
            {sendingInterest ? t('marketplace.pricing.sending') : t('marketplace.pricing.interest')}
          </button>
        </div>
      )}
    </section>
  );
}
