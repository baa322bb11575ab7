import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { buttonSecondary, inputClass } from '../../shared/ui/classes.ts';
import { addSkill } from './skills.ts';

interface SkillsEditorProps {
  skills: string[];
  editing: boolean;
  onChange: (skills: string[]) => void;
}

/** Skills as chips; in edit mode chips can be removed and new ones added with Enter or Add. */
export function SkillsEditor({ skills, editing, onChange }: SkillsEditorProps) {
  const [draft, setDraft] = useState('');

  const commit = () => {
    onChange(addSkill(skills, draft));
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    commit();
  };

  return (
    <div className="space-y-3">
      {skills.length === 0 && !editing && <p className="text-sm text-slate-500 dark:text-slate-400">No skills added yet.</p>}
      {skills.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Skills">
          {skills.map((skill) => (
            <li
              key={skill}
              className="inline-flex items-center gap-1 rounded-full bg-green-100 px-3 py-1 text-sm font-medium text-green-800 dark:bg-green-950 dark:text-green-300"
            >
              {skill}
              {editing && (
                <button
                  type="button"
                  onClick={() => onChange(skills.filter((s) => s !== skill))}
                  aria-label={`Remove ${skill}`}
                  className="rounded-full p-0.5 hover:bg-green-200 dark:hover:bg-green-900"
                >
                  <X className="h-3.5 w-3.5" aria-hidden="true" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <div className="flex gap-2">
          <label htmlFor="skill-input" className="sr-only">
            Add a skill
          </label>
          <input
            id="skill-input"
            type="text"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder="Add a skill, e.g. React"
            className={inputClass}
          />
          <button type="button" onClick={commit} className={buttonSecondary}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add
          </button>
        </div>
      )}
    </div>
  );
}
