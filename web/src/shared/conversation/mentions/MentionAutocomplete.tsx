import { type KeyboardEvent, type RefObject, type SyntheticEvent, useId, useState } from 'react';
import { Avatar } from '../../ui/Avatar.tsx';
import { useT } from './locales/index.ts';
import { insertMention, type MentionCandidate, mentionMatches, mentionQuery } from './mentions.ts';

interface Options {
  people: readonly MentionCandidate[] | undefined;
  text: string;
  setText: (text: string) => void;
  box: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The `@` suggestions of a message box (WAI-ARIA's combobox pattern on the textbox: it keeps the
 * focus, the suggestion in focus is its `aria-activedescendant`): typing `@` lists the channel's
 * members, filtered as the name goes on; the arrows move, Enter or Tab puts `@username ` in, Escape
 * closes until the next `@`.
 */
export function useMentionAutocomplete({ people, text, setText, box }: Options) {
  const listId = useId();
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  // The `@` whose list was closed with Escape: it stays closed until another `@` is typed.
  const [dismissed, setDismissed] = useState<number | null>(null);

  const typing = people?.length ? mentionQuery(text, Math.min(caret, text.length)) : null;
  const matches = typing && typing.start !== dismissed ? mentionMatches(people ?? [], typing.query) : [];
  const open = matches.length > 0;
  const current = Math.min(active, matches.length - 1);
  const optionId = (index: number) => `${listId}-${index}`;

  const pick = (person: MentionCandidate) => {
    if (!typing || !person.username) return;
    const next = insertMention(text, typing.start, caret, person.username);
    setText(next.text);
    setCaret(next.caret);
    setActive(0);
    // After React has put the new text in the box.
    requestAnimationFrame(() => {
      box.current?.focus();
      box.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  /** The box's keys while the list is open; true when the key was the list's. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || event.nativeEvent.isComposing) return false;
    const move = (by: number) => setActive((current + by + matches.length) % matches.length);
    switch (event.key) {
      case 'ArrowDown':
        move(1);
        break;
      case 'ArrowUp':
        move(-1);
        break;
      case 'Enter':
      case 'Tab': {
        if (event.shiftKey) return false;
        const person = matches[current];
        if (person) pick(person);
        break;
      }
      case 'Escape':
        setDismissed(typing?.start ?? null);
        break;
      default:
        return false;
    }
    event.preventDefault();
    return true;
  };

  const track = (event: SyntheticEvent<HTMLTextAreaElement>) => {
    const at = event.currentTarget.selectionStart;
    if (at !== caret) setActive(0);
    setCaret(at);
    if (dismissed !== null && mentionQuery(event.currentTarget.value, at)?.start !== dismissed) setDismissed(null);
  };

  // The box stays a multi-line textbox (a combobox is one line); a textbox may still point at the
  // suggestion in focus (aria-activedescendant) and say it completes from a list.
  const inputProps = {
    'aria-autocomplete': 'list' as const,
    'aria-controls': open ? listId : undefined,
    'aria-activedescendant': open ? optionId(current) : undefined,
    onSelect: track,
    onInput: track,
  };

  const list = open ? (
    <MentionList id={listId} optionId={optionId} matches={matches} active={current} onHover={setActive} onPick={pick} />
  ) : null;

  return { inputProps, onKeyDown, list };
}

function MentionList(props: {
  id: string;
  optionId: (index: number) => string;
  matches: MentionCandidate[];
  active: number;
  onHover: (index: number) => void;
  onPick: (person: MentionCandidate) => void;
}) {
  const t = useT();
  return (
    <div className="absolute right-0 bottom-full left-0 z-20 mb-2 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900">
      <div id={props.id} role="listbox" aria-label={t('mentions.suggestions')} className="max-h-64 overflow-y-auto py-1">
        {props.matches.map((person, index) => (
          // The box keeps the focus (aria-activedescendant); a click picks without taking it.
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the combobox's, on the message box
          <div
            key={person._id}
            id={props.optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === props.active}
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => props.onHover(index)}
            onClick={() => props.onPick(person)}
            className={`flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm ${
              index === props.active ? 'bg-green-50 dark:bg-green-950/60' : ''
            }`}
          >
            <Avatar name={person.name} picture={person.profilePicture} className="h-6 w-6 text-[10px]" />
            <span className="truncate font-medium text-slate-900 dark:text-white">{person.name}</span>
            <span className="truncate text-slate-500 dark:text-slate-400">@{person.username}</span>
          </div>
        ))}
      </div>
      <p className="hidden border-t border-slate-100 px-3 py-1 text-xs text-slate-500 sm:block dark:border-slate-800 dark:text-slate-400">
        {t('mentions.hint')}
      </p>
    </div>
  );
}
