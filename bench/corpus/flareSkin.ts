/**
 * The one stylesheet every sample and synthetic doc set ships as
 * `Skins/Default/Stylesheets/Styles.css`: readable typography, the title bar / top menu /
 * side navigation / main content layout of Flare's HTML5 output, and a narrow-screen layout
 * that hides the navigation.
 */
export const FLARE_SKIN_CSS = `/* Acme Data documentation skin (simplified Flare HTML5 top-navigation layout). */
:root {
  --brand: #0b6e4f;
  --brand-dark: #084c37;
  --ink: #1f2328;
  --muted: #59636e;
  --line: #d8dee4;
  --note: #e8f3ff;
  --warning: #fff4e5;
  --tip: #eaf7ee;
}
* { box-sizing: border-box; }
html { font-size: 16px; }
body {
  margin: 0;
  color: var(--ink);
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  line-height: 1.6;
  background: #fff;
}
a { color: var(--brand); }
a:hover, a:focus { color: var(--brand-dark); }
.title-bar {
  display: flex;
  align-items: center;
  gap: 1rem;
  padding: 0.5rem 1.5rem;
  background: var(--brand);
  color: #fff;
}
.title-bar .logo img { height: 32px; width: auto; display: block; }
.title-bar .product-name { font-weight: 600; font-size: 1.1rem; flex: 1; }
.title-bar form.search input {
  padding: 0.35rem 0.6rem;
  border: 0;
  border-radius: 4px;
  min-width: 14rem;
}
.navigation-wrapper { border-bottom: 1px solid var(--line); background: #f6f8fa; }
ul.navigation { display: flex; flex-wrap: wrap; gap: 1.25rem; margin: 0; padding: 0.5rem 1.5rem; list-style: none; }
ul.navigation a { text-decoration: none; font-weight: 500; }
.body-container { display: flex; max-width: 80rem; margin: 0 auto; }
.sidenav-container { flex: 0 0 16rem; padding: 1.5rem 1rem; border-right: 1px solid var(--line); }
ul.sidenav, ul.sidenav ul { list-style: none; margin: 0; padding-left: 0.75rem; }
ul.sidenav > li { margin-bottom: 0.35rem; }
ul.sidenav a { text-decoration: none; font-size: 0.92rem; }
.body-content { flex: 1; min-width: 0; padding: 1.5rem 2rem 4rem; }
.breadcrumbs { font-size: 0.85rem; color: var(--muted); min-height: 1.2rem; }
h1 { font-size: 2rem; line-height: 1.25; margin: 0.5rem 0 1rem; }
h2 { font-size: 1.45rem; margin: 2rem 0 0.75rem; border-bottom: 1px solid var(--line); padding-bottom: 0.25rem; }
h3 { font-size: 1.15rem; margin: 1.5rem 0 0.5rem; }
p, li { max-width: 48rem; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9em; background: #f2f4f6; padding: 0.1em 0.3em; border-radius: 3px; }
pre { background: #0d1117; color: #e6edf3; padding: 1rem; border-radius: 6px; overflow-x: auto; }
pre code { background: none; padding: 0; color: inherit; }
table { border-collapse: collapse; margin: 1rem 0; width: 100%; max-width: 48rem; }
th, td { border: 1px solid var(--line); padding: 0.4rem 0.6rem; text-align: left; vertical-align: top; }
th { background: #f6f8fa; }
img { max-width: 100%; height: auto; }
.note, .warning, .tip { padding: 0.6rem 1rem; border-left: 4px solid; border-radius: 4px; margin: 1rem 0; max-width: 48rem; }
.note { background: var(--note); border-color: #2f81f7; }
.warning { background: var(--warning); border-color: #d4a72c; }
.tip { background: var(--tip); border-color: #2da44e; }
.note p, .warning p, .tip p { margin: 0.25rem 0; }
.MCDropDown { border: 1px solid var(--line); border-radius: 4px; padding: 0.5rem 1rem; margin: 1rem 0; }
.MCDropDownHead { font-weight: 600; cursor: pointer; }
.footer { height: 30px; line-height: 30px; text-align: center; font-size: 0.8rem; color: var(--muted); border-top: 1px solid var(--line); }
@media (max-width: 48rem) {
  .navigation-wrapper, .sidenav-container { display: none; }
  .body-content { padding: 1rem; }
  .title-bar form.search input { min-width: 8rem; }
}
`;
