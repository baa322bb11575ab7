import { GIG_TAGS_MAX } from '@commonwork/contracts';
import { ChipsInput } from '../../shared/ui/ChipsInput.tsx';
import { acceptTag } from '../../shared/ui/tags.ts';
import { useT } from './locales/index.ts';

interface TagsInputProps {
  id: string;
  tags: string[];
  onChange: (tags: string[]) => void;
}

/** Tags as removable chips; a new one is added with Enter or the plus button (at most 10, no duplicates). */
export function TagsInput({ id, tags, onChange }: TagsInputProps) {
  const t = useT();
  return (
    <ChipsInput
      id={id}
      chips={tags}
      onChange={onChange}
      accept={acceptTag}
      label={t('marketplace.tags.add')}
      placeholder={tags.length >= GIG_TAGS_MAX ? t('marketplace.tags.limit') : t('marketplace.tags.placeholder')}
      addLabel={t('marketplace.tags.addButton')}
      hint={t('marketplace.tags.count', { count: tags.length, max: GIG_TAGS_MAX })}
      listLabel={t('marketplace.tags.added')}
    />
  );
}
