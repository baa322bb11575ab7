import { initialsOf } from '../format/index.ts';

interface AvatarProps {
  name: string | null | undefined;
  picture?: string | null;
  /** Tailwind size classes; default 'h-10 w-10 text-sm'. */
  className?: string;
}

/** The user's picture, or up to two initials on a green disc when there is none. */
export function Avatar({ name, picture, className = 'h-10 w-10 text-sm' }: AvatarProps) {
  if (picture) {
    return (
      // data-crop: cut to a disc on purpose (the layout check lets this picture be cropped).
      <img
        src={picture}
        alt={name ?? ''}
        className={`shrink-0 rounded-full object-cover ${className}`}
        referrerPolicy="no-referrer"
        data-crop=""
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-green-500 to-emerald-700 font-semibold text-white ${className}`}
    >
      {initialsOf(name)}
    </span>
  );
}
