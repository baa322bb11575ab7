import type { DemoMotif } from '../../../services/events/src/events/demoTopics.ts';

// The demo's pictures, drawn as SVG (the media seed renders them with sharp): nothing is fetched,
// every picture is made from the person's name or the event's title, date and topic.

/** Background colours with enough contrast for white text. */
const COLOURS = ['#4f46e5', '#0f766e', '#b45309', '#be185d', '#1d4ed8', '#7c3aed', '#15803d', '#b91c1c', '#0369a1', '#a21caf'];

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A stable colour for a name, so a person keeps theirs from run to run. */
function colourOf(name: string) {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return COLOURS[hash % COLOURS.length] as string;
}

/** A profile picture: the person's initials on their colour, 256 px square. */
export function avatarSvg(name: string): string {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <rect width="256" height="256" fill="${colourOf(name)}"/>
  <circle cx="210" cy="40" r="70" fill="#ffffff" fill-opacity="0.08"/>
  <text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="104" font-weight="700" fill="#ffffff">${escapeXml(initials)}</text>
</svg>`;
}

/** Each motif drawn in a 200 × 200 box, white on the poster's colour. */
const MOTIFS: Record<DemoMotif, string> = {
  code: `<text x="100" y="100" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans Mono, monospace" font-size="96" font-weight="700" fill="#fff">&lt;/&gt;</text>`,
  cloud: `<g fill="#fff"><circle cx="70" cy="110" r="38"/><circle cx="110" cy="90" r="48"/><circle cx="145" cy="115" r="33"/><rect x="62" y="112" width="90" height="36" rx="18"/></g>`,
  chart: `<g fill="#fff"><rect x="30" y="110" width="28" height="60" rx="4"/><rect x="72" y="80" width="28" height="90" rx="4"/><rect x="114" y="50" width="28" height="120" rx="4"/><rect x="156" y="30" width="28" height="140" rx="4" fill-opacity="0.7"/></g>`,
  palette: `<g><circle cx="100" cy="100" r="78" fill="#fff"/><circle cx="70" cy="70" r="14" fill="#f59e0b"/><circle cx="115" cy="58" r="14" fill="#10b981"/><circle cx="145" cy="95" r="14" fill="#3b82f6"/><circle cx="60" cy="115" r="14" fill="#ef4444"/><circle cx="115" cy="140" r="20" fill="#6b7280" fill-opacity="0.35"/></g>`,
  people: `<g fill="#fff"><circle cx="60" cy="80" r="22"/><circle cx="140" cy="80" r="22"/><circle cx="100" cy="68" r="26" /><rect x="30" y="108" width="60" height="60" rx="28" fill-opacity="0.8"/><rect x="110" y="108" width="60" height="60" rx="28" fill-opacity="0.8"/><rect x="66" y="100" width="68" height="74" rx="32"/></g>`,
  bolt: `<polygon points="115,15 45,115 95,115 80,185 155,80 105,80" fill="#fff"/>`,
  database: `<g fill="#fff"><ellipse cx="100" cy="45" rx="62" ry="20"/><path d="M38 45v110c0 11 28 20 62 20s62-9 62-20V45c0 11-28 20-62 20S38 56 38 45z" fill-opacity="0.85"/><path d="M38 85c0 11 28 20 62 20s62-9 62-20M38 120c0 11 28 20 62 20s62-9 62-20" stroke="#000" stroke-opacity="0.2" stroke-width="4" fill="none"/></g>`,
  pen: `<g fill="#fff"><polygon points="140,25 175,60 80,155 45,120"/><polygon points="45,120 80,155 30,172" fill-opacity="0.7"/></g>`,
  book: `<g fill="#fff"><path d="M100 50c-20-14-48-18-72-14v120c24-4 52 0 72 14z"/><path d="M100 50c20-14 48-18 72-14v120c-24-4-52 0-72 14z" fill-opacity="0.75"/></g>`,
  globe: `<g fill="none" stroke="#fff" stroke-width="8"><circle cx="100" cy="100" r="72"/><ellipse cx="100" cy="100" rx="32" ry="72"/><line x1="28" y1="100" x2="172" y2="100"/><path d="M40 62h120M40 138h120"/></g>`,
};

/** Breaks a title into lines of about `width` characters, at most `max` lines (the last ends with … when cut). */
function wrap(text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= max) return lines;
  return [...lines.slice(0, max - 1), `${lines[max - 1]}…`];
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-12-03' and '18:30' as 'Thu 3 Dec 2026 · 18:30'. */
export function posterDate(date: string, time: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAYS[day.getUTCDay()]} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()} · ${time}`;
}

/**
 * An event's picture, 1200 × 630 (a link preview's shape): the title and date on the left, the
 * topic's motif on the right, on a colour chosen by the title. Kept readable when a phone crops
 * its sides: the title starts well inside the left edge.
 */
export function eventPosterSvg(event: { title: string; date: string; time: string; motif: DemoMotif; category: string }): string {
  const colour = colourOf(event.title);
  const lines = wrap(event.title, 18, 3);
  const top = 315 - (lines.length * 78) / 2;
  const title = lines
    .map((line, i) => `<text x="96" y="${top + 60 + i * 78}" font-size="64" font-weight="700">${escapeXml(line)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="${colour}"/>
  <circle cx="1010" cy="315" r="250" fill="#ffffff" fill-opacity="0.1"/>
  <circle cx="1140" cy="40" r="140" fill="#000000" fill-opacity="0.08"/>
  <g font-family="DejaVu Sans, Arial, sans-serif" fill="#ffffff">
    <text x="96" y="${top - 8}" font-size="28" font-weight="700" letter-spacing="4" fill-opacity="0.8">${escapeXml(event.category.toUpperCase())}</text>
    ${title}
    <text x="96" y="${top + 60 + lines.length * 78 + 10}" font-size="34" fill-opacity="0.9">${escapeXml(posterDate(event.date, event.time))}</text>
  </g>
  <g transform="translate(850 155) scale(1.6)">${MOTIFS[event.motif]}</g>
</svg>`;
}
