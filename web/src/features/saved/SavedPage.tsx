import type { DraftSummary } from '@commonwork/contracts';
import { useQueryClient } from '@tanstack/react-query';
import Bookmark from 'lucide-react/icons/bookmark';
import CalendarDays from 'lucide-react/icons/calendar-days';
import Loader2 from 'lucide-react/icons/loader-2';
import Pencil from 'lucide-react/icons/pencil';
import Search from 'lucide-react/icons/search';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import Trash2 from 'lucide-react/icons/trash-2';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatRelativeTimeShort } from '../../shared/format/index.ts';
import { buttonGhost, buttonSecondary, cardClass, inputClass } from '../../shared/ui/classes.ts';
import { toast } from '../../shared/ui/toast.ts';
import { deleteDraft, invalidateDrafts, openDraft, useDrafts } from './api.ts';
import { SAVED_TEXT } from './messages.ts';
import { t as messageOf, useT } from './page/locales/index.ts';

type Tab = 'all' | 'event' | 'gig';
const TABS = [
  { id: 'all', name: 'saved.tabs.all' },
  { id: 'event', name: 'saved.tabs.event' },
  { id: 'gig', name: 'saved.tabs.gig' },
] as const satisfies readonly { id: Tab; name: string }[];

/** /saved (spec 002 §2 Saved): drafts by type, searched by title, opened in their form or deleted, one or many. */
export function SavedPage() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const drafts = useDrafts();
  const [tab, setTab] = useState<Tab>('all');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    // The toast's words as the language is when the list fails (a later change of language shows no new toast).
    if (drafts.isError) toast.error(messageOf('saved.fetchFailed'));
  }, [drafts.isError]);

  const shown = useMemo(() => {
    const words = search.trim().toLowerCase();
    return (drafts.data ?? []).filter((d) => (tab === 'all' || d.type === tab) && d.title.toLowerCase().includes(words));
  }, [drafts.data, tab, search]);
  const counts = useMemo(() => {
    const all = drafts.data ?? [];
    return { all: all.length, event: all.filter((d) => d.type === 'event').length, gig: all.filter((d) => d.type === 'gig').length };
  }, [drafts.data]);
  const shownSelected = shown.filter((d) => selected.has(d.id));
  const allShownSelected = shown.length > 0 && shownSelected.length === shown.length;

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => setSelected(allShownSelected ? new Set() : new Set(shown.map((d) => d.id)));

  const removeOne = async (draft: DraftSummary) => {
    setBusy(draft.id);
    try {
      await deleteDraft(draft.id);
      toast.success(t('saved.draft.deleted'));
      setSelected((current) => new Set([...current].filter((id) => id !== draft.id)));
    } catch {
      toast.error(t('saved.deleteFailed'));
    } finally {
      setBusy(null);
      await invalidateDrafts(queryClient);
    }
  };

  const removeSelected = async () => {
    const ids = shownSelected.map((d) => d.id);
    setBusy('selected');
    const results = await Promise.allSettled(ids.map(deleteDraft));
    const deleted = results.filter((r) => r.status === 'fulfilled').length;
    if (deleted === ids.length) toast.success(t('saved.bulkDeleted', { count: deleted }));
    else toast.error(t('saved.bulkDeleteFailed'));

    setSelected(new Set());
    setBusy(null);
    await invalidateDrafts(queryClient);
  };

  const edit = async (draft: DraftSummary) => {
    setBusy(draft.id);
    try {
      await openDraft(navigate, draft.id);
    } catch {
      toast.error(SAVED_TEXT.loadFailed());
      setBusy(null);
    }
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('saved.title')}</h1>
          <p className="text-slate-600 dark:text-slate-400">{t('saved.intro')}</p>
        </div>
        {shownSelected.length > 0 && (
          <button type="button" className={buttonSecondary} onClick={() => void removeSelected()} disabled={busy !== null}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            {t('saved.deleteSelected', { count: shownSelected.length })}
          </button>
        )}
      </header>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="tablist" aria-label={t('saved.tabsLabel')} className="flex gap-1 border-b border-slate-200 dark:border-slate-800">
          {TABS.map(({ id, name }) => (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={tab === id}
              onClick={() => setTab(id)}
              className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${tab === id ? 'border-green-600 text-green-700 dark:text-green-400' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400'}`}
            >
              {t(name)} ({counts[id]})
            </button>
          ))}
        </div>
        <label className="relative block w-full sm:w-64">
          <span className="sr-only">{t('saved.searchLabel')}</span>
          <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-slate-400" aria-hidden="true" />
          <input
            type="search"
            className={`${inputClass} pl-9`}
            placeholder={t('saved.searchPlaceholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
      </div>

      {drafts.isPending ? (
        <p role="status" className="flex items-center justify-center gap-2 py-12 text-slate-500 dark:text-slate-400">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          {t('saved.loading')}
        </p>
      ) : shown.length === 0 ? (
        <div className={`${cardClass} flex flex-col items-center py-12 text-center`}>
          <Bookmark className="h-10 w-10 text-slate-400" aria-hidden="true" />
          <p className="mt-3 font-semibold text-slate-900 dark:text-white">{t('saved.emptyTitle')}</p>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{search ? t('saved.emptyNoMatch') : t('saved.emptyHint')}</p>
        </div>
      ) : (
        <>
          <label className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <input type="checkbox" checked={allShownSelected} onChange={toggleAll} />
            {t('saved.selectAll')}
          </label>
          <ul className="space-y-3" aria-label={t('saved.listLabel')}>
            {shown.map((draft) => {
              const Icon = draft.type === 'event' ? CalendarDays : ShoppingBag;
              return (
                <li key={draft.id}>
                  <article aria-label={draft.title} className={`${cardClass} flex items-center gap-4`}>
                    <input
                      type="checkbox"
                      aria-label={t('saved.select', { title: draft.title })}
                      checked={selected.has(draft.id)}
                      onChange={() => toggle(draft.id)}
                    />
                    <Icon className="h-8 w-8 shrink-0 text-slate-400" aria-hidden="true" />
                    <div className="min-w-0 flex-1">
                      <h2 className="truncate font-semibold text-slate-900 dark:text-white">{draft.title}</h2>
                      <p className="text-sm text-slate-500 dark:text-slate-400">
                        {t(draft.type === 'event' ? 'saved.editedEvent' : 'saved.editedGig', {
                          when: formatRelativeTimeShort(draft.lastModified),
                        })}
                      </p>
                    </div>
                    <button type="button" className={buttonGhost} onClick={() => void edit(draft)} disabled={busy !== null}>
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                      {t('saved.edit')}
                    </button>
                    <button type="button" className={buttonGhost} onClick={() => void removeOne(draft)} disabled={busy !== null}>
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                      {t('saved.delete')}
                    </button>
                  </article>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
