import { ChipList, ChipsInput } from '../../shared/ui/ChipsInput.tsx';
import { useT } from './locales/index.ts';
import { acceptSkill } from './skills.ts';

interface SkillsEditorProps {
  skills: string[];
  editing: boolean;
  onChange: (skills: string[]) => void;
}

/** Skills as chips; in edit mode chips can be removed and new ones added with Enter or Add. */
export function SkillsEditor({ skills, editing, onChange }: SkillsEditorProps) {
  const t = useT();
  if (!editing) {
    if (skills.length === 0) return <p className="text-sm text-slate-500 dark:text-slate-400">{t('profile.skills.none')}</p>;
    return <ChipList label={t('profile.section.skills')} chips={skills} />;
  }
  return (
    <ChipsInput
      id="skill-input"
      chips={skills}
      onChange={onChange}
      accept={acceptSkill}
      label={t('profile.skills.add')}
      hideLabel
      placeholder={t('profile.skills.placeholder')}
      addLabel={t('profile.skills.addButton')}
      showAddLabel
      listLabel={t('profile.section.skills')}
      listPosition="above"
    />
  );
}
