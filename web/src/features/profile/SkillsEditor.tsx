import { ChipList, ChipsInput } from '../../shared/ui/ChipsInput.tsx';
import { acceptSkill } from './skills.ts';

interface SkillsEditorProps {
  skills: string[];
  editing: boolean;
  onChange: (skills: string[]) => void;
}

/** Skills as chips; in edit mode chips can be removed and new ones added with Enter or Add. */
export function SkillsEditor({ skills, editing, onChange }: SkillsEditorProps) {
  if (!editing) {
    if (skills.length === 0) return <p className="text-sm text-slate-500 dark:text-slate-400">No skills added yet.</p>;
    return <ChipList label="Skills" chips={skills} />;
  }
  return (
    <ChipsInput
      id="skill-input"
      chips={skills}
      onChange={onChange}
      accept={acceptSkill}
      label="Add a skill"
      hideLabel
      placeholder="Add a skill, e.g. React"
      addLabel="Add"
      showAddLabel
      listLabel="Skills"
      listPosition="above"
    />
  );
}
