import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserKind } from '@docs-portal/contracts';
import { docSetInput } from '../../test/content/contentHarness';
import { topicPage, writeFolder } from '../../test/content/docSetFolders';
import { signIn, startPortal, type RunningPortal } from '../../test/portalHarness';

const GUIDE_PAGE = '/docs/6_5/Web/UserGuide/Content/ReleaseNotes/WhatsNew.htm';
const RUNBOOK = '/docs/Internal/SupportRunbooks/Content/Escalation.htm';
const MISSING = '/docs/Internal/SupportRunbooks/Content/Escalatio_.htm';

let portal: RunningPortal;

beforeAll(async () => {
  portal = await startPortal({
    docSets: [
      docSetInput(
        'guide',
        '6_5/Web/UserGuide',
        writeFolder({
          'Content/ReleaseNotes/WhatsNew.htm': topicPage("What's new", 'release notes'),
        }),
      ),
      docSetInput(
        'support-runbooks',
        'Internal/SupportRunbooks',
        writeFolder({ 'Content/Escalation.htm': topicPage('Escalation', 'employees only') }),
        {
          audience: ['employee'],
        },
      ),
    ],
  });
});

afterAll(async () => {
  await portal?.close();
});

describe('doc access through the whole portal', () => {
  it.each<[UserKind, 'salesforce' | 'employee', number]>([
    ['customer', 'salesforce', 404],
    ['partner', 'salesforce', 404],
    ['employee', 'employee', 200],
  ])(
    'lets a signed-in %s (through %s) read the guide, and answers %s for the employee-only set',
    async (kind, provider, runbookStatus) => {
      const client = portal.client();
      await signIn(client, kind, { provider });
      const guide = await client.request(GUIDE_PAGE);
      expect(guide.status).toBe(200);
      expect(await guide.text()).toContain('release notes');
      const runbook = await client.request(RUNBOOK);
      expect(runbook.status).toBe(runbookStatus);
      const body = await runbook.text();
      if (runbookStatus === 404) {
        expect(body).not.toContain('employees only');
        const missing = await client.request(MISSING);
        expect(missing.status).toBe(404);
        expect(body.replace('Escalation.htm', 'Escalatio_.htm')).toBe(await missing.text());
        expect(runbook.headers.get('content-type')).toBe(missing.headers.get('content-type'));
      } else {
        expect(body).toContain('employees only');
      }
    },
  );

  it('sends a signed-out browser to the login page and, after sign-in, back to the page and its anchor', async () => {
    const client = portal.client();
    const target = `${GUIDE_PAGE}?lang=en`;
    const navigation = await client.request(target, {
      headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' },
    });
    expect(navigation.status).toBe(302);
    const login = new URL(navigation.headers.get('location') as string, portal.origin);
    expect(login.pathname).toBe('/docs/ui/login');
    expect(login.searchParams.get('redirectPath')).toBe(target);
    // The login page passes redirectPath plus the fragment the browser kept as `return`.
    const { finalLocation } = await signIn(client, 'customer', { returnTo: `${target}#whats-new` });
    expect(finalLocation).toBe(`${target}#whats-new`);
    expect((await client.request(target)).status).toBe(200);
  });

  it('answers 401 to a signed-out fetch of a doc file', async () => {
    const response = await portal.client().request(GUIDE_PAGE, { headers: { accept: '*/*' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'unauthenticated' });
  });
});
