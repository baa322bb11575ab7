import type { MemberPlan } from '@commonwork/contracts';
import Crown from 'lucide-react/icons/crown';
import { membershipLabel } from '../figures/figures.ts';

/** The person's membership as their plan says: 'Premium Member' with a crown for premium only. */
export function MembershipBadge({ plan, className = '' }: { plan: MemberPlan | undefined; className?: string }) {
  const label = membershipLabel(plan);
  if (!label) return null;
  const premium = plan === 'premium';
  return (
    <p
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-0.5 text-sm font-medium ${
        premium
          ? 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300'
          : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300'
      } ${className}`}
      data-testid="membership"
    >
      {premium && <Crown className="h-4 w-4" aria-hidden="true" />}
      {label}
    </p>
  );
}
