/**
 * Three releases of a small doc set (`guide`, mount `Guide`) and one release of a second doc set
 * (`api`, mount `Api`) for the link-integrity tests: between v1 and v2 pages move (same content;
 * same title, new content), a heading is renamed and a page is removed; v3 moves a page again,
 * renames the heading again and brings a moved page's old path back.
 */

function page(title: string, body: string): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

/** Paragraphs enough for a browser to scroll (so that an anchor landing is visible). */
function filler(word: string, count = 30): string {
  return Array.from(
    { length: count },
    (_, i) => `<p>${word} paragraph ${i}: the agent checks the policy before each run.</p>`,
  ).join('');
}

const archive = page(
  'Archive old snapshots',
  '<p>Archiving moves old snapshots to cold storage.</p>',
);

const backup = (first: [string, string], second = ['retention', 'Retention rules']) =>
  page(
    'Schedule backups',
    `${filler('intro')}<h2 id="${first[0]}">${first[1]}</h2>${filler('schedule')}<h2 id="${second[0]}">${second[1]}</h2>${filler('retention')}`,
  );

export const GUIDE_V1: Record<string, string> = {
  'Default.htm': page(
    'Guide home',
    `<ul><li><a href="Content/Install.htm">Install</a></li><li><a href="Content/Backup.htm#schedule">Schedule</a></li><li><a href="Content/Missing.htm">Known broken</a></li><li><a href="../Api/Ref.htm#auth">API auth</a></li><li><a href="https://example.com/x">Elsewhere</a></li><li><a href="/docs/ui/">Portal home</a></li></ul>`,
  ),
  'Content/Install.htm': page(
    'Install the agent',
    `<h2 id="prerequisites">Prerequisites</h2><p>Version one install steps.</p>`,
  ),
  'Content/Backup.htm': backup(['schedule', 'Schedule a backup']),
  'Content/Archive.htm': archive,
  'Content/Legacy.htm': page(
    'Legacy tape export',
    '<p>Export snapshots to tape with the legacy exporter.</p>',
  ),
  'Content/Quick.htm': page('Quick start', '<p>Start here.</p>'),
  'Content/Tapes.htm': page(
    'Tape libraries',
    '<p>Tape libraries replace the legacy tape export: export snapshots to tape libraries.</p>',
  ),
};

export const GUIDE_V2: Record<string, string> = {
  'Default.htm': page(
    'Guide home',
    `<ul><li><a href="Content/Setup/Install.htm">Install</a></li><li><a href="Content/Backup.htm#schedule-backups">Schedule</a></li><li><a href="Content/Missing.htm">Known broken</a></li><li><a href="Content/Nowhere.htm">New broken</a></li><li><a href="Content/Backup.htm#gone">Missing section</a></li><li><a href="../Api/Gone.htm">Gone API page</a></li><li><a href="/docs/Api/Ref.htm#nope">Missing API section</a></li><li><a href="../Api/Ref.htm#auth">API auth</a></li><li><a href="#top-of-home">Own anchor, missing</a></li><li><a href="Content/&lt;b&gt;x.htm">Markup in a link</a></li></ul>`,
  ),
  'Content/Setup/Install.htm': page(
    'Install the agent',
    `<h2 id="prerequisites">Prerequisites</h2><p>Version two install steps, rewritten.</p>`,
  ),
  'Content/Backup.htm': backup(['schedule-backups', 'Schedule backups']),
  'Content/Storage/Archive.htm': archive,
  'Content/Start/Quick.htm': page('Quick start', '<p>Start here.</p>'),
  'Content/Tapes.htm': GUIDE_V1['Content/Tapes.htm'] as string,
};

export const GUIDE_V3: Record<string, string> = {
  'Default.htm': page(
    'Guide home',
    `<ul><li><a href="Content/Agents/Install.htm#prerequisites">Install</a></li><li><a href="Content/Backup.htm#plan-backups">Plan</a></li></ul>`,
  ),
  'Content/Agents/Install.htm': page(
    'Install the agent',
    `<h2 id="prerequisites">Prerequisites</h2><p>Version three install steps.</p>`,
  ),
  'Content/Backup.htm': backup(['plan-backups', 'Plan backups']),
  'Content/Storage/Archive.htm': archive,
  'Content/Archive.htm': page(
    'Archive index',
    '<p>The archive index is back in version three.</p>',
  ),
  'Content/Start/Quick.htm': page('Quick start', '<p>Start here.</p>'),
  'Content/Tapes.htm': GUIDE_V1['Content/Tapes.htm'] as string,
};

export const API_V1: Record<string, string> = {
  'Ref.htm': page('API reference', '<h2 id="auth">Authentication</h2><p>Tokens.</p>'),
};
