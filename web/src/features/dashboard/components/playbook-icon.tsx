import type { TPlaybook } from '@bidgrid/shared/agency/playbook.schema';

const iconPaths: Record<TPlaybook['icon'], string> = {
  target:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 4a6 6 0 1 1 0 12 6 6 0 0 1 0-12Zm0 4a2 2 0 1 0 0 4 2 2 0 0 0 0-4Z',
  rocket:
    'M14 3c3.5 0 6 1 7 2 1 1 2 3.5 2 7l-7 7-5-5 7-7M9 14l-4 1-3 4 5-1M10 15l-1 4 4-3 1-4M15 8a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Z',
  chart: 'M3 3v18h18M7 15l4-4 3 3 6-7',
  users:
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 10v-2a5 5 0 0 1 5-5h4a5 5 0 0 1 5 5v2M16 3.5a4 4 0 0 1 0 7M22 21v-2a5 5 0 0 0-3.5-4.8',
};

/** The four playbook icons of spec 001 §3, drawn inline (no icon library on the dashboard route). */
export function PlaybookIcon({ name }: { name: TPlaybook['icon'] }) {
  return (
    <svg width="32" height="32" viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
      <path d={iconPaths[name]} stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
