import { identityRoutes, type PersonalDataExport } from '@commonwork/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Download from 'lucide-react/icons/download';
import FileArchive from 'lucide-react/icons/file-archive';
import Loader2 from 'lucide-react/icons/loader-2';
import { useState } from 'react';
import { call, errorMessage, isApiError } from '../../../shared/api/index.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { buttonPrimary, buttonSecondary } from '../../../shared/ui/classes.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { SettingsActionSection } from '../SettingsActionSection.tsx';
import { useT } from './locales/index.ts';

const EXPORT_KEY = ['settings', 'export'] as const;
/** How often an export being prepared is asked about. */
const PREPARING_REFRESH_MS = 2_000;

/** GET /api/me/export: the person's latest export, or null when there is none (404). */
function useLatestExport() {
  return useQuery({
    queryKey: EXPORT_KEY,
    queryFn: ({ signal }) =>
      call(identityRoutes.latestExport, { signal }).then(
        (body) => body.export,
        (error: unknown) => {
          if (isApiError(error) && error.status === 404) return null;
          throw error;
        },
      ),
    refetchInterval: (query) => (query.state.data?.status === 'preparing' ? PREPARING_REFRESH_MS : false),
  });
}

/** Saves the archive as a file: the API needs the bearer token, so it is fetched and handed over as a blob. */
async function downloadArchive(exported: PersonalDataExport) {
  const archive = await call(identityRoutes.downloadExport, { params: { id: exported.id } });
  const url = URL.createObjectURL(new Blob([JSON.stringify(archive, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `commonwork-data-${exported.requestedAt.slice(0, 10)}.json`;
  link.click();
  // The click has started the download; the object URL is released once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Settings → Your data: Export my data, then the archive's state, and Download once it is ready. */
export function ExportSection() {
  const t = useT();
  const queryClient = useQueryClient();
  const latest = useLatestExport();
  const [requesting, setRequesting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const exported = latest.data ?? null;
  const preparing = exported?.status === 'preparing';

  const request = async () => {
    setRequesting(true);
    try {
      const answer = await call(identityRoutes.requestExport, {});
      queryClient.setQueryData(EXPORT_KEY, answer.export);
    } catch (error) {
      toast.error(errorMessage(error, t('yourData.requestFailed')));
    } finally {
      setRequesting(false);
    }
  };
  const download = async (ready: PersonalDataExport) => {
    setDownloading(true);
    try {
      await downloadArchive(ready);
    } catch (error) {
      toast.error(errorMessage(error, t('yourData.downloadFailed')));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <SettingsActionSection
      id="settings-your-data"
      icon={<FileArchive className="h-5 w-5 text-green-700 dark:text-green-400" aria-hidden="true" />}
      title={t('yourData.title')}
      lead={t('yourData.lead')}
      action={
        <button type="button" className={`${buttonPrimary} shrink-0`} onClick={() => void request()} disabled={requesting || preparing}>
          {requesting && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {t('yourData.export')}
        </button>
      }
    >
      <div aria-live="polite">
        {latest.isError && <p className="text-sm text-red-700 dark:text-red-400">{t('yourData.loadFailed')}</p>}
        {preparing && (
          <p className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            {t('yourData.preparing')}
          </p>
        )}
        {exported?.status === 'failed' && <p className="text-sm text-red-700 dark:text-red-400">{t('yourData.failed')}</p>}
        {exported?.status === 'ready' && exported.expiresAt && (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {t('yourData.ready', { date: formatDate(exported.expiresAt, 'MMM d, yyyy', 'PP') })}
            </p>
            <button type="button" className={`${buttonSecondary} shrink-0`} onClick={() => void download(exported)} disabled={downloading}>
              {downloading ? (
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
              ) : (
                <Download className="h-4 w-4" aria-hidden="true" />
              )}
              {downloading ? t('yourData.downloading') : t('yourData.download')}
            </button>
          </div>
        )}
      </div>
    </SettingsActionSection>
  );
}
