import type { Environment, Home, ProductTab, ResourceGroup, User } from '@docs-portal/contracts';

/** A signed-in customer. */
export const USER: User = {
  displayName: 'Casey Customer',
  email: 'casey@example.com',
  kind: 'customer',
  canSeeAnalytics: false,
};

function tab(id: string, label: string, prefix: string): ProductTab {
  return {
    id,
    label,
    columns: [
      {
        heading: 'Learn',
        links: [
          { title: `${label} What's New`, path: `${prefix}/WhatsNew.htm` },
          { title: `${label} Technical Guides`, path: '/Content/TechGuides/TechnicalGuides.htm' },
        ],
      },
      {
        heading: 'Community',
        links: [{ title: `${label} Blog`, path: `https://blog.example.com/${id}` }],
      },
    ],
  };
}

/** The four product tabs, Data Platform first as the server config has them. */
export const LINK_PANEL: ProductTab[] = [
  tab('data-platform', 'Data Platform', '/6_5/Web/UserGuide/Content/ReleaseNotes'),
  tab('helios', 'Helios', '/WebHelios/Content/Helios'),
  tab('cloud-services', 'Cloud Services', '/Cloud/Content'),
  tab('insights', 'Insights', '/Insights/Content'),
];

/** An environment using the newer search client in production. */
export const ENVIRONMENT: Environment = {
  useMamba20SearchClient: true,
  isProd: true,
  linkPanel: LINK_PANEL,
};

/** Two techdocs resource groups. */
export const RESOURCE_GROUPS: ResourceGroup[] = [
  {
    resourceType: 'guides',
    title: 'Technical Guides',
    icon: 'book',
    links: [
      { title: 'All technical guides', path: '/Content/TechGuides/TechnicalGuides.htm' },
      { title: 'Helios overview', path: '/WebHelios/Content/Helios/Overview.htm' },
    ],
  },
  {
    resourceType: 'security',
    title: 'Security',
    links: [{ title: 'Security hardening', path: '/6_5/Web/UserGuide/Content/Security.htm' }],
  },
];

/** The home page lists of a customer: two doc sets, one popular page. */
export const HOME: Home = {
  docSets: [
    {
      id: 'dp-user-guide-6-5',
      title: 'Data Platform User Guide',
      product: 'Data Platform',
      version: '6.5',
      path: '/6_5/Web/UserGuide/',
      publishedAt: '2026-11-20T10:00:00.000Z',
    },
    {
      id: 'helios',
      title: 'Helios Guide',
      product: 'Helios',
      version: '2.1',
      path: '/WebHelios/',
      publishedAt: '2026-11-22T10:00:00.000Z',
    },
  ],
  mostOpened: [
    {
      title: 'Helios Overview',
      path: '/WebHelios/Content/Helios/Overview.htm',
      docSetTitle: 'Helios Guide',
      opens: 12,
    },
  ],
  recentlyPublished: [],
};
