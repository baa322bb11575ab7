import { useId } from 'react';

interface LogoProps {
  /** Default 128. */
  width?: number;
  /** Default 41. */
  height?: number;
  className?: string;
}

/** The Commonwork wordmark: green brand colours on a rounded tile, view box 255 by 82. */
export function Logo({ width = 128, height = 41, className }: LogoProps) {
  // Unique per instance: a hidden copy (e.g. the mobile top bar) must not own the gradient others use.
  const gradientId = `cw-logo-bg-${useId().replace(/:/g, '')}`;
  return (
    <svg
      width={width}
      height={height}
      viewBox="0 0 255 82"
      role="img"
      aria-label="Commonwork"
      className={className}
      xmlns="http://www.w3.org/2000/svg"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#22c55e" />
          <stop offset="100%" stopColor="#15803d" />
        </linearGradient>
      </defs>
      <rect width="255" height="82" rx="18" fill={`url(#${gradientId})`} />
      <circle cx="34" cy="41" r="14" fill="none" stroke="#ffffff" strokeWidth="6" />
      <circle cx="52" cy="41" r="14" fill="none" stroke="#bbf7d0" strokeWidth="6" />
      <text
        x="78"
        y="52"
        fill="#ffffff"
        fontFamily="ui-sans-serif, system-ui, sans-serif"
        fontSize="28"
        fontWeight="700"
        textLength="160"
        lengthAdjust="spacingAndGlyphs"
      >
        Commonwork
      </text>
    </svg>
  );
}
