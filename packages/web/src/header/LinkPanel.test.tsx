import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LINK_PANEL } from '../../test/fixtures';
import { renderWithPortal } from '../../test/renderApp';
import { defaultTabIndex, LinkPanel, PHONE_QUERY } from './LinkPanel';

function renderPanel(tabs = LINK_PANEL) {
  return renderWithPortal(<LinkPanel tabs={tabs} />);
}

function selectedTab() {
  return screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true');
}

function visiblePanels() {
  return screen.getAllByRole('tabpanel', { hidden: true }).filter((panel) => !panel.hidden);
}

describe('LinkPanel', () => {
  it('shows the four product tabs with Data Platform selected and only its panel', () => {
    renderPanel();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Data Platform',
      'Helios',
      'Cloud Services',
      'Insights',
    ]);
    expect(selectedTab()?.textContent).toBe('Data Platform');
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1]);
    const panels = visiblePanels();
    expect(panels).toHaveLength(1);
    expect(panels[0]?.getAttribute('aria-labelledby')).toBe(tabs[0]?.id);
    expect(tabs[0]?.getAttribute('aria-controls')).toBe(panels[0]?.id);
    expect(within(panels[0] as HTMLElement).getByText("Data Platform What's New")).toBeTruthy();
  });

  it('switches panels with the mouse', () => {
    renderPanel();
    fireEvent.click(screen.getByRole('tab', { name: 'Helios' }));
    expect(selectedTab()?.textContent).toBe('Helios');
    const panels = visiblePanels();
    expect(panels).toHaveLength(1);
    expect(within(panels[0] as HTMLElement).getByText("Helios What's New")).toBeTruthy();
  });

  it('moves and selects with Left, Right, Home and End, wrapping around', () => {
    renderPanel();
    const first = screen.getByRole('tab', { name: 'Data Platform' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(document.activeElement?.textContent).toBe('Helios');
    expect(selectedTab()?.textContent).toBe('Helios');
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(selectedTab()?.textContent).toBe('Insights');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(selectedTab()?.textContent).toBe('Data Platform');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    expect(document.activeElement?.textContent).toBe('Insights');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(document.activeElement?.textContent).toBe('Data Platform');
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1]);
  });

  it('resolves documentation links under the docs base and opens other sites in a new tab', () => {
    renderPanel();
    const panel = visiblePanels()[0] as HTMLElement;
    expect(
      within(panel).getByRole('link', { name: "Data Platform What's New" }).getAttribute('href'),
    ).toBe('http://portal.test/docs/6_5/Web/UserGuide/Content/ReleaseNotes/WhatsNew.htm');
    const blog = within(panel).getByRole('link', { name: /Data Platform Blog/ });
    expect(blog.getAttribute('href')).toBe('https://blog.example.com/data-platform');
    expect(blog.getAttribute('target')).toBe('_blank');
    expect(blog.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('selects Data Platform first wherever the config lists it', () => {
    const [dataPlatform, ...others] = LINK_PANEL;
    expect(defaultTabIndex([...others, dataPlatform!])).toBe(3);
    expect(defaultTabIndex(others)).toBe(0);
  });

  it('collapses and expands its panels on desktop, and a tab click opens them again', () => {
    renderPanel();
    const toggle = screen.getByRole('button', { name: 'Hide links' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Show links' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(screen.queryByRole('link', { name: "Data Platform What's New" })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Helios' }));
    expect(screen.getByRole('button', { name: 'Hide links' })).toBeTruthy();
    expect(within(visiblePanels()[0] as HTMLElement).getByText("Helios What's New")).toBeTruthy();
  });

  it('puts the tabs in a closed "Products" menu on phones, Data Platform still first', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === PHONE_QUERY,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    renderPanel();
    const menu = screen.getByRole('button', { name: /Products/ });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hide links' })).toBeNull();
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(selectedTab()?.textContent).toBe('Data Platform');
    expect(screen.getByRole('tablist').getAttribute('aria-orientation')).toBe('vertical');
    fireEvent.keyDown(selectedTab() as Element, { key: 'ArrowDown' });
    expect(selectedTab()?.textContent).toBe('Helios');
    expect(visiblePanels()).toHaveLength(1);
    fireEvent.keyDown(selectedTab() as Element, { key: 'Escape' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu);
  });
});
