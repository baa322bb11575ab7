import { GIG_TAGS_MAX } from '@commonwork/contracts';
import { ChipsInput } from '../../shared/ui/ChipsInput.tsx';
import { acceptTag } from '../../shared/ui/tags.ts';

interface TagsInputProps {
  id: string;
  tags: string[];
  onChange: (tags: string[]) => void;
}

/** Tags as removable chips; a new one is added with Enter or the plus button (at most 10, no duplicates). */
export function TagsInput({ id, tags, onChange }: TagsInputProps) {
  return (
    <ChipsInput
      id={id}
      chips={tags}
      onChange={onChange}
      accept={acceptTag}
      label="Add a tag"
      placeholder={tags.length >= GIG_TAGS_MAX ? 'Tag limit reached' : 'e.g. React, then Enter'}
      addLabel="Add tag"
      hint={`${tags.length}/${GIG_TAGS_MAX} tags`}
      listLabel="Added tags"
    />
  );
}
