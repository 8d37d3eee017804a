/**
 * Full-page navigations of the app, gathered in one object so tests can observe them
 * (`vi.spyOn(browser, 'assign')`) without leaving the test page.
 */
export const browser = {
  /** Loads `url` in the window, keeping the current page in history. */
  assign(url: string): void {
    window.location.assign(url);
  },
  /** Loads `url` in the window in place of the current page. */
  replace(url: string): void {
    window.location.replace(url);
  },
};
