import SmilePlus from 'lucide-react/icons/smile-plus';
import { type CSSProperties, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Spinner } from '../ui/Spinner.tsx';
import { useT } from './locales/index.ts';

// The picker and its emoji list load on first use: a conversation read without reacting never fetches them.
const EmojiPicker = lazy(() => import('./EmojiPicker.tsx').then((m) => ({ default: m.EmojiPicker })));

/** The picker's height and width (w-72), to open it above the button when below has no room. */
const PICKER_HEIGHT = 290;
const PICKER_WIDTH = 288;
const MARGIN = 8;

/** Where the picker opens: fixed to the viewport (the message list scrolls and would clip it), by the button. */
function placeBy(button: HTMLElement): CSSProperties {
  const rect = button.getBoundingClientRect();
  const left = Math.max(MARGIN, Math.min(rect.right - PICKER_WIDTH, window.innerWidth - PICKER_WIDTH - MARGIN));
  const below = rect.bottom + 4 + PICKER_HEIGHT <= window.innerHeight;
  return below ? { left, top: rect.bottom + 4 } : { left, bottom: Math.max(MARGIN, window.innerHeight - rect.top + 4) };
}

interface AddReactionProps {
  onPick: (emoji: string) => void;
  className: string;
  /** Told when the picker opens and closes (the toolbar stays shown while it is open). */
  onOpenChange?: (open: boolean) => void;
}

/** 'Add reaction': a button opening the emoji picker; Escape, a click outside or a pick closes it, the focus back on the button. */
export function AddReaction({ onPick, className, onOpenChange }: AddReactionProps) {
  const t = useT();
  const button = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<CSSProperties | null>(null);
  const open = place !== null;

  const close = (refocus: boolean) => {
    setPlace(null);
    onOpenChange?.(false);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const inside = (target: EventTarget | null) => target instanceof Node && !!popover.current?.contains(target);
    const onDown = (event: MouseEvent) => {
      if (!inside(event.target) && event.target !== button.current) close(false);
    };
    // Fixed to where the button was: a scroll of the page or the list (not the picker's grid) closes it.
    const onScroll = (event: Event) => {
      if (!inside(event.target)) close(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', onScroll);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', onScroll);
    };
  });

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={t('conversation.addReaction')}
        title={t('conversation.addReaction')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          if (open) return close(false);
          if (!button.current) return;
          setPlace(placeBy(button.current));
          onOpenChange?.(true);
        }}
        className={className}
      >
        <SmilePlus className="h-4 w-4" aria-hidden="true" />
      </button>
      {/* In the body: out of the list's live region (its emoji are not news) and of its clipping scroll. */}
      {place &&
        createPortal(
          <div ref={popover} role="dialog" aria-label={t('conversation.emojiPicker')} style={place} className="fixed z-40">
            <Suspense
              fallback={
                <div
                  role="status"
                  aria-label={t('conversation.emojiLoading')}
                  className="flex h-24 w-72 items-center justify-center rounded-xl border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900"
                >
                  <Spinner className="h-5 w-5" />
                </div>
              }
            >
              <EmojiPicker
                onPick={(emoji) => {
                  onPick(emoji);
                  close(true);
                }}
                onClose={() => close(true)}
              />
            </Suspense>
          </div>,
          document.body,
        )}
    </>
  );
}
