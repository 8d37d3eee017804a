/**
 * Breadcrumb trail built from a page's folders when no table of contents gives one:
 * `/Content/Data_Protection/Jobs.htm` → `['Data Protection']`. Flare's `Content` root folder is
 * left out because every topic sits under it.
 */
export function folderBreadcrumb(path: string): string[] {
  const folders = path.split('/').filter((part) => part !== '');
  folders.pop();
  if (folders[0]?.toLowerCase() === 'content') folders.shift();
  return folders.map((folder) => {
    let name = folder;
    try {
      name = decodeURIComponent(folder);
    } catch {
      // Keep a folder name that is not valid percent-encoding as it is.
    }
    // Underscores and slug hyphens stand for spaces; a spaced hyphen ("W - Invoices") is text.
    return name
      .replace(/_+/g, ' ')
      .replace(/(?<=[\p{L}\p{N}])-(?=[\p{L}\p{N}])/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  });
}
