import { posix } from 'node:path';
import { escapeHtml } from '@docs-portal/contracts/safety';

/** A link of the top menu or the side navigation, its target relative to the doc-set root. */
export interface FlareNavLink {
  /** Visible text of the link. */
  label: string;
  /** Target relative to the doc-set root (`Content/Protection/Jobs.htm`), or an absolute path/URL. */
  href: string;
  /** Nested links (side navigation only). */
  children?: FlareNavLink[];
}

/** Everything needed to render one topic page in the shape of MadCap Flare HTML5 output. */
export interface FlareTopicInput {
  /** Topic title, written into `<title>`; the body carries its own `<h1>`. */
  title: string;
  /** Path of the topic file relative to the doc-set root, e.g. `Content/Protection/Jobs.htm`. */
  topicPath: string;
  /** Product name shown in the title bar. */
  productName: string;
  /** Main content: the `<h1>` and everything after it, links already relative to the topic. */
  bodyHtml: string;
  /** Top menu links (inside `data-mc-ignore` navigation). */
  topMenu: FlareNavLink[];
  /** Side navigation links (inside `data-mc-ignore` navigation). */
  sideNav: FlareNavLink[];
  /** Logo image relative to the doc-set root; defaults to `Resources/Images/logo.svg`. */
  logoPath?: string;
}

/**
 * The relative href from a file to another file, both given relative to the doc-set root.
 * Absolute paths and URLs are returned unchanged; a `#fragment` is kept.
 */
export function relativeHref(fromPath: string, toPath: string): string {
  if (/^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(toPath)) return toPath;
  const hashAt = toPath.indexOf('#');
  const target = hashAt >= 0 ? toPath.slice(0, hashAt) : toPath;
  const fragment = hashAt >= 0 ? toPath.slice(hashAt) : '';
  const rel = posix.relative(posix.dirname(fromPath), target);
  return (rel === '' ? posix.basename(target) : rel) + fragment;
}

/** The `../../` prefix that leads from a topic back to the doc-set root (`./` at the root). */
export function pathToRoot(topicPath: string): string {
  const depth = topicPath.split('/').length - 1;
  return depth === 0 ? './' : '../'.repeat(depth);
}

function renderNavList(links: FlareNavLink[], from: string, className?: string): string {
  const items = links
    .map((link) => {
      const nested = link.children?.length ? renderNavList(link.children, from) : '';
      const href = escapeHtml(relativeHref(from, link.href));
      return `<li><a href="${href}">${escapeHtml(link.label)}</a>${nested}</li>`;
    })
    .join('');
  return className ? `<ul class="${className}">${items}</ul>` : `<ul>${items}</ul>`;
}

/**
 * Renders a complete topic page: Flare's `<html>` data attributes, the title bar with logo,
 * product name and search form, top menu, side navigation, an empty breadcrumbs box (Flare fills
 * it at runtime from the TOC), the main content region and the footer.
 */
export function renderFlareTopicPage(input: FlareTopicInput): string {
  const from = input.topicPath;
  const root = pathToRoot(from);
  const stylesheet = relativeHref(from, 'Skins/Default/Stylesheets/Styles.css');
  const logo = relativeHref(from, input.logoPath ?? 'Resources/Images/logo.svg');
  return `<!DOCTYPE html>
<html lang="en-us" xml:lang="en-us" data-mc-search-type="Stem" data-mc-help-system-file-name="Default.xml" data-mc-path-to-help-system="${root}" data-mc-target-type="WebHelp2" data-mc-runtime-file-type="Topic">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${escapeHtml(input.title)}</title>
<link href="${stylesheet}" rel="stylesheet" />
</head>
<body>
<div class="title-bar" role="banner" data-mc-ignore="true">
<a class="logo" href="${relativeHref(from, 'Default.htm')}"><img src="${logo}" alt="Acme Data" /></a>
<span class="product-name">${escapeHtml(input.productName)}</span>
<form class="search" action="#"><input type="search" placeholder="Search" aria-label="Search" /></form>
</div>
<nav class="navigation-wrapper" data-mc-ignore="true">${renderNavList(input.topMenu, from, 'navigation')}</nav>
<div class="body-container">
<div class="sidenav-container" data-mc-ignore="true">${renderNavList(input.sideNav, from, 'sidenav')}</div>
<div class="body-content">
<div class="MCBreadcrumbsBox_0 breadcrumbs" role="navigation" aria-label="Breadcrumbs" data-mc-breadcrumbs-divider=" &gt; " data-mc-breadcrumbs-count="3" data-mc-toc="True"><span class="MCBreadcrumbsPrefix">You are here: </span></div>
<div role="main" id="mc-main-content">
${input.bodyHtml.trim()}
</div>
</div>
</div>
<div class="footer" data-mc-ignore="true">&#169; Acme Data Inc. All Rights Reserved.</div>
</body>
</html>
`;
}

/** Renders the small `Default.htm` entry page at a doc-set root that leads to the first topic. */
export function renderFlareDefaultPage(title: string, firstTopicPath: string): string {
  const href = escapeHtml(firstTopicPath);
  return `<!DOCTYPE html>
<html lang="en-us" xml:lang="en-us" data-mc-help-system-file-name="Default.xml" data-mc-path-to-help-system="./" data-mc-target-type="WebHelp2" data-mc-runtime-file-type="Default">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta http-equiv="refresh" content="0; url=${href}" />
<title>${escapeHtml(title)}</title>
<link href="Skins/Default/Stylesheets/Styles.css" rel="stylesheet" />
</head>
<body>
<p><a href="${href}">${escapeHtml(title)}</a></p>
</body>
</html>
`;
}
