import type { Attachment } from '@commonwork/contracts';
import Download from 'lucide-react/icons/download';
import FileArchive from 'lucide-react/icons/file-archive';
import FileText from 'lucide-react/icons/file-text';
import { useLocale } from '../../i18n/index.ts';
import { formatBytes, shownSize } from './attachments.ts';
import { useT } from './locales/index.ts';

/**
 * What a message carries besides its text: images drawn inline in a box of their own proportions,
 * known before they load (width and height from the upload), so nothing below them moves when they
 * arrive; other files as download chips (name and size).
 */
export function MessageAttachments({ attachments }: { attachments: readonly Attachment[] | undefined }) {
  const t = useT();
  const locale = useLocale();
  if (!attachments?.length) return null;
  const images = attachments.filter((a) => a.type === 'image');
  const files = attachments.filter((a) => a.type !== 'image');
  return (
    <div className="mt-1 flex flex-col gap-1.5">
      {images.length > 0 && (
        <div className="flex flex-wrap gap-1.5">
          {images.map((image) => {
            const box = image.width && image.height ? shownSize(image.width, image.height) : null;
            return (
              <a
                key={image.url}
                href={image.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('attachments.openImage', { name: image.name })}
                className="block max-w-full overflow-hidden rounded-lg border border-slate-200 bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-600 dark:border-slate-700 dark:bg-slate-800"
              >
                <img
                  src={image.url}
                  alt={image.name}
                  loading="lazy"
                  decoding="async"
                  {...(box && { width: box.width, height: box.height, style: { aspectRatio: `${box.width} / ${box.height}` } })}
                  className="block h-auto max-h-60 max-w-full object-contain"
                />
              </a>
            );
          })}
        </div>
      )}
      {files.map((file) => {
        const Icon = file.url.endsWith('.zip') ? FileArchive : FileText;
        const size = formatBytes(file.size ?? 0, locale);
        return (
          <a
            key={file.url}
            href={file.url}
            download={file.name}
            aria-label={t('attachments.download', { name: file.name, size })}
            className="flex w-fit max-w-full items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            <Icon className="h-5 w-5 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
            <span className="min-w-0 truncate font-medium">{file.name}</span>
            <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">{size}</span>
            <Download className="h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
          </a>
        );
      })}
    </div>
  );
}
