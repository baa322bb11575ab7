import type { Channel } from '@commonwork/contracts';
import Copy from 'lucide-react/icons/copy';
import Link2 from 'lucide-react/icons/link-2';
import Loader2 from 'lucide-react/icons/loader-2';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../shared/api/index.ts';
import { formatCount } from '../../shared/format/numbers.ts';
import { buttonPrimary, buttonSecondary, inputClass } from '../../shared/ui/classes.ts';
import { Modal } from '../../shared/ui/Modal.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { generateJoinLink, joinUrlOf } from './api.ts';
import { channelTypeLabel } from './channelLabels.ts';
import { IncomingWebhooks } from './IncomingWebhooks.tsx';
import { useT } from './locales/index.ts';

interface ChannelSettingsDialogProps {
  channel: Channel;
  open: boolean;
  onClose: () => void;
  isAdmin: boolean;
  /** The last link generated on this screen (the server does not hand an existing link back). */
  joinLink: string | undefined;
  onJoinLink: (joinLink: string) => void;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-sm font-semibold text-slate-900 capitalize dark:text-white">{children}</dd>
    </div>
  );
}

/**
 * Channel settings (spec 002 §2, §6): type, member count, message count, description and the join
 * link. Admins (the creator or listed admins) generate and copy it; others see 'Admin Only'. Admins
 * also make and revoke the channel's incoming webhooks (issue 31).
 */
export function ChannelSettingsDialog({ channel, open, onClose, isAdmin, joinLink, onJoinLink }: ChannelSettingsDialogProps) {
  const t = useT();
  const [generating, setGenerating] = useState(false);
  const url = joinLink ? joinUrlOf(joinLink) : '';

  const generate = async () => {
    setGenerating(true);
    try {
      onJoinLink(await generateJoinLink(channel.id));
      toast.success(t('community.joinLinkGenerated'));
    } catch (error) {
      toast.error(errorMessage(error, t('community.joinLinkFailed')));
    } finally {
      setGenerating(false);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('community.joinLinkCopied'));
    } catch {
      toast.error(t('community.settings.copyFailed'));
    }
  };

  return (
    <Modal open={open} onClose={onClose} title={t('community.settings.title')} description={`#${channel.name}`}>
      <div className="space-y-5">
        <dl className="grid grid-cols-3 gap-2">
          <Detail label={t('community.settings.type')}>{channelTypeLabel(channel.type)}</Detail>
          <Detail label={t('community.members')}>{formatCount(channel.memberCount)}</Detail>
          <Detail label={t('community.settings.messages')}>{formatCount(channel.messageCount)}</Detail>
        </dl>
        <div>
          <h3 className="text-sm font-medium text-slate-700 dark:text-slate-300">{t('community.description')}</h3>
          <p className="mt-1 text-sm whitespace-pre-wrap text-slate-600 dark:text-slate-400">
            {channel.description || t('community.settings.noDescription')}
          </p>
        </div>
        <section aria-label={t('community.settings.joinLink')} className="space-y-2">
          <div className="flex items-center justify-between gap-2">
            <h3 className="flex items-center gap-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">
              <Link2 className="h-4 w-4" aria-hidden="true" />
              {t('community.settings.joinLinkHeading')}
            </h3>
            {!isAdmin && (
              <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-950 dark:text-amber-300">
                <ShieldAlert className="h-3.5 w-3.5" aria-hidden="true" />
                {t('community.adminOnly')}
              </span>
            )}
          </div>
          {isAdmin ? (
            <>
              <div className="flex gap-2">
                <input
                  type="text"
                  readOnly
                  value={url}
                  placeholder={t('community.settings.noLink')}
                  aria-label={t('community.settings.joinLink')}
                  className={`${inputClass} font-mono text-xs`}
                  onFocus={(event) => event.target.select()}
                />
                <button
                  type="button"
                  onClick={copy}
                  disabled={!url}
                  className={buttonSecondary}
                  aria-label={t('community.settings.copyLink')}
                  title={t('community.settings.copy')}
                >
                  <Copy className="h-4 w-4" aria-hidden="true" />
                </button>
              </div>
              <button type="button" onClick={generate} disabled={generating} className={`${buttonPrimary} w-full`}>
                {generating && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
                {url ? t('community.settings.regenerate') : t('community.settings.generate')}
              </button>
              {url && <p className="text-xs text-slate-500 dark:text-slate-400">{t('community.settings.revokes')}</p>}
            </>
          ) : (
            <p className="text-sm text-slate-500 dark:text-slate-400">{t('community.adminOnlyHint')}</p>
          )}
        </section>
        {isAdmin && <IncomingWebhooks channelId={channel.id} />}
      </div>
    </Modal>
  );
}
