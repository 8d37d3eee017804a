import type { PageRecord } from '../core/analysePage';
import type { DocSetDescriptor, ReaderAccess } from '../SearchEngine';

/** A doc set of the contract corpus with its pages. */
export interface ContractDocSet {
  /** Descriptor. */
  docSet: DocSetDescriptor;
  /**
   * Reader kinds that may read it (`*`: everyone), as a portal config would say. The engine never
   * sees this: the suite turns it into the doc set ids of each reader's access.
   */
  audience: readonly string[];
  /** Pages. */
  pages: PageRecord[];
}

type Section = [heading: string, anchor: string, text: string];

function page(path: string, title: string, breadcrumb: string[], sections: Section[]): PageRecord {
  return {
    path,
    title,
    breadcrumb,
    hash: `${path}:${title}`,
    sections: sections.map(([heading, anchor, text]) => ({ heading, anchor, text })),
  };
}

function docSet(
  id: string,
  product: string,
  version: string,
  docType: string,
  urlPrefix: string,
): DocSetDescriptor {
  return {
    id,
    title: `${product} ${version} ${docType}`,
    product,
    version,
    docType,
    urlPrefix,
    folder: `/nowhere/${id}`,
  };
}

/** The Data Platform 6.10 user guide: the newest version, readable by everyone. */
const GUIDE_6_10: ContractDocSet = {
  docSet: docSet('dp-6.10', 'Data Platform', '6.10', 'User Guide', '/docs/6_10/Web/UserGuide'),
  audience: ['*'],
  pages: [
    page(
      '/Content/Protection/BackupPolicies.htm',
      'Backup Policies',
      ['Protection'],
      [
        [
          '',
          '',
          'A backup policy defines when protection jobs run and how long snapshots are kept.',
        ],
        [
          'Retention period',
          'RetentionPeriod',
          'The retention period sets how long each snapshot is kept before it expires.',
        ],
        ['Schedules', 'Schedules', 'Schedules start jobs hourly, daily or weekly.'],
      ],
    ),
    page(
      '/Content/Protection/Jobs.htm',
      'Protection Jobs',
      ['Protection'],
      [
        ['', '', 'Protection jobs copy data from sources according to a backup policy.'],
        ['Job status', 'JobStatus', 'Each run reports success, warning or failure.'],
      ],
    ),
    page(
      '/Content/Admin/StorageDomains.htm',
      'Storage Domains',
      ['Administration'],
      [
        [
          '',
          '',
          'Each storage domain keeps its own period of retention, which differs per cluster.',
        ],
      ],
    ),
    page(
      '/Content/Kubernetes/Overview.htm',
      'Kubernetes Protection',
      ['Protection'],
      [['', '', 'Protect Kubernetes clusters, namespaces and persistent volumes.']],
    ),
    page(
      '/Content/Remote/Copies.htm',
      'Remote Copies',
      ['Remote'],
      [['', '', 'Use the wizard to replicate data to another site.']],
    ),
    page(
      '/Content/Remote/Sites.htm',
      'Remote Sites',
      ['Remote'],
      [['', '', 'Use the wizard for replication of data to another site.']],
    ),
    page(
      '/Content/Security/Settings.htm',
      'Security Settings',
      ['Security'],
      [
        ['', '', 'Settings that protect the cluster.'],
        ['Encryption keys', 'EncryptionKeys', 'Rotate them every year.'],
      ],
    ),
    page(
      '/Content/Setup/Cluster.htm',
      'Cluster Setup',
      ['Setup'],
      [
        ['', '', 'Set up the cluster network first.'],
        [
          'Before you start',
          'BeforeYouStart',
          'Gather the encryption keys from the key manager before you start.',
        ],
      ],
    ),
    page(
      '/Content/Setup/Pairs.htm',
      'Cluster Pairs',
      ['Setup'],
      [['', '', 'Clusters stay online with high availability pairs.']],
    ),
    page(
      '/Content/Reference/Cli.htm',
      'Command Line',
      ['Reference'],
      [['', '', 'Run iris_cli job.run_now to start a job at once.']],
    ),
    page(
      '/Content/Security/Sanitizer.htm',
      'Output Sanitizer',
      ['Security'],
      [
        [
          '',
          '',
          'The sanitizer blocks <script>alert(1)</script> and <img src=x onerror=alert(1)> in uploaded notes.',
        ],
      ],
    ),
  ],
};

/** The same guide one version older: hidden by default, found with a version filter. */
const GUIDE_6_5: ContractDocSet = {
  docSet: docSet('dp-6.5', 'Data Platform', '6.5', 'User Guide', '/docs/6_5/Web/UserGuide'),
  audience: ['*'],
  pages: [
    page(
      '/Content/Protection/BackupPolicies.htm',
      'Backup Policies',
      ['Protection'],
      [
        [
          '',
          '',
          'A backup policy defines when protection jobs run. Legacyonly schedules are described here.',
        ],
      ],
    ),
  ],
};

/** An API reference that only exists for 6.5: still the newest of its doc type. */
const API_6_5: ContractDocSet = {
  docSet: docSet('dp-api-6.5', 'Data Platform', '6.5', 'API Reference', '/docs/6_5/Api'),
  audience: ['*'],
  pages: [
    page(
      '/jobs.html',
      'Jobs API',
      ['API'],
      [['', '', 'GET /jobs lists protection jobs and their backup policy.']],
    ),
  ],
};

/** Helios: readable by customers and employees, not by partners. */
const HELIOS: ContractDocSet = {
  docSet: docSet('helios', 'Helios', 'current', 'User Guide', '/docs/WebHelios'),
  audience: ['customer', 'employee'],
  pages: [
    page(
      '/Content/Helios/Dashboard.htm',
      'Helios Dashboard',
      ['Helios'],
      [['', '', 'The Helios dashboard shows protection jobs across all sites.']],
    ),
  ],
};

/** Internal runbooks: employees only. Its words must never surface for anyone else. */
const RUNBOOKS: ContractDocSet = {
  docSet: docSet('runbooks', 'Runbooks', '1.0', 'Runbook', '/docs/Runbooks'),
  audience: ['employee'],
  pages: [
    page(
      '/zorblax.html',
      'Zorblax Recovery Runbook',
      ['Runbooks'],
      [
        [
          '',
          '',
          'Restart the zorblax daemon and check quasarite levels before protection jobs resume.',
        ],
      ],
    ),
  ],
};

/** Every doc set of the contract corpus. */
export const CONTRACT_CORPUS: readonly ContractDocSet[] = [
  GUIDE_6_10,
  GUIDE_6_5,
  API_6_5,
  HELIOS,
  RUNBOOKS,
];

/**
 * The access a reader of `kind` gets over the contract corpus: the ids of the doc sets whose
 * audience names the kind or `*`, as the portal computes it from its config.
 */
export function contractAccess(kind: string): ReaderAccess {
  return {
    docSetIds: CONTRACT_CORPUS.filter(
      ({ audience }) => audience.includes('*') || audience.includes(kind),
    ).map(({ docSet }) => docSet.id),
  };
}

const SCHEDULED_OBJECTS = [
  'backup',
  'replication',
  'archive',
  'report',
  'audit',
  'cleanup',
  'export',
  'indexing',
  'scan',
  'sync',
  'upgrade',
  'tiering',
];

/**
 * Orchestrator: sixty pages that all say "schedule" in their title, headings and text, so that a
 * page titled exactly "Schedule" elsewhere is far down the whole-page first pass.
 */
const ORCHESTRATOR: ContractDocSet = {
  docSet: docSet('orchestrator', 'Orchestrator', 'current', 'User Guide', '/docs/Orch'),
  audience: ['*'],
  pages: SCHEDULED_OBJECTS.flatMap((object) =>
    ['hourly', 'daily', 'weekly', 'monthly', 'yearly'].map((period) =>
      page(
        `/Content/Schedules/${object}-${period}.htm`,
        `Schedule ${period} ${object} runs`,
        ['Schedules'],
        [
          [
            '',
            '',
            `A ${period} schedule starts ${object} runs. Each schedule has a start time, and the schedule can be paused.`,
          ],
          [
            'Edit the schedule',
            'EditSchedule',
            `Open the schedule, change when the ${object} schedule starts, and save the schedule.`,
          ],
        ],
      ),
    ),
  ),
};

/** Planner: known items whose titles readers type, mistype, cut short or paste with quotes. */
const PLANNER: ContractDocSet = {
  docSet: docSet('planner', 'Planner', 'current', 'User Guide', '/docs/Planner'),
  audience: ['*'],
  pages: [
    page(
      '/Content/Schedule.htm',
      'Schedule',
      ['Planner'],
      [['', '', 'The planner calendar shows what runs when.']],
    ),
    page(
      '/Content/Leads.htm',
      'Leads',
      ['Planner'],
      [['', '', 'A lead owns a project plan and approves its milestones.']],
    ),
    page(
      '/Content/ImportSchedules.htm',
      'Import Schedules',
      ['Planner'],
      [['', '', 'Bring calendars in from a CSV file exported by another planner.']],
    ),
    page(
      '/Content/ImportingSchedule.htm',
      'Importing a Schedule',
      ['Planner'],
      [
        [
          '',
          '',
          'You can import schedules one by one: import schedules from a file, then review the imported schedules. To import schedules in bulk, see the CSV import.',
        ],
        [
          'Import schedules from a cluster',
          'FromCluster',
          'Import schedules from another cluster to reuse them.',
        ],
      ],
    ),
    page(
      '/Content/SafeMode.htm',
      'Why Does “Safe Mode” Block Plans?',
      ['Planner'],
      [['', '', 'Safe mode keeps a plan from changing while its owner reviews it.']],
    ),
  ],
};

/**
 * Doc sets for the known-item cases of the contract suite (a reader typing a page's title), added
 * and removed by those cases so the main corpus's counts stay as they are.
 */
export const KNOWN_ITEM_CORPUS: readonly ContractDocSet[] = [ORCHESTRATOR, PLANNER];

/** Vault 2.9, 2.10 and an employee-only 3.0 preview: the same pages in several versions. */
const VAULT = (id: string, version: string, extra: PageRecord[]): ContractDocSet => ({
  docSet: docSet(id, 'Vault', version, 'User Guide', `/docs/Vault/${version}`),
  audience: version === '3.0' ? ['employee'] : ['*'],
  pages: [
    page(
      '/Content/Keys.htm',
      'Vault Keys',
      ['Keys'],
      [
        ['', '', `Rotate a vaultkey with the rotation wizard of Vault ${version}.`],
        ['Rotation', 'Rotation', 'Each vaultkey rotation keeps the previous key for a day.'],
      ],
    ),
    ...extra,
  ],
});

/** Orbit was renamed Orbit Cloud at 2.0: one `versionGroup` keeps both versions together. */
const ORBIT = (id: string, product: string, version: string): ContractDocSet => ({
  docSet: {
    ...docSet(id, product, version, 'User Guide', `/docs/${id}`),
    versionGroup: 'orbit',
  },
  audience: ['*'],
  pages: [
    page('/start.htm', 'Getting Started', ['Orbit'], [['', '', 'Orbitstart walks you through.']]),
  ],
});

/**
 * Doc sets for the version cases of the contract suite (added and removed by those cases): a page
 * in several versions is one hit with "also in" links to the others the reader may read.
 */
export const VERSIONS_CORPUS: readonly ContractDocSet[] = [
  VAULT('vault-2.9', '2.9', [
    page('/Content/Import.htm', 'Import Old Keys', ['Keys'], [['', '', 'Import a vaultkey file.']]),
  ]),
  VAULT('vault-2.10', '2.10', [
    page(
      '/Content/Tokens.htm',
      'Vault Tokens',
      ['Tokens'],
      [['', '', 'A token wraps a vaultkey.']],
    ),
  ]),
  VAULT('vault-3.0', '3.0', [
    page(
      '/Content/Tokens.htm',
      'Vault Tokens',
      ['Tokens'],
      [['', '', 'A token wraps a vaultkey.']],
    ),
  ]),
  ORBIT('orbit-1', 'Orbit', '1.0'),
  ORBIT('orbit-2', 'Orbit Cloud', '2.0'),
];
const MATH_FUNCTIONS = [
  ['abs', 'absolute value of the argument'],
  ['cbrt', 'cube root of the argument'],
  ['ceil', 'nearest integer greater than or equal to the argument'],
  ['degrees', 'converts radians to degrees'],
  ['exp', 'exponential, e raised to the given power'],
  ['floor', 'nearest integer less than or equal to the argument'],
  ['ln', 'natural logarithm of the argument'],
  ['log', 'base 10 logarithm of the argument'],
  ['min', 'smallest of the arguments'],
  ['mod', 'remainder of y divided by x'],
  ['power', 'a raised to the power of b'],
  ['random', 'random value in the range from 0 to 1'],
  ['round', 'rounds to the nearest integer'],
  ['sign', 'sign of the argument, -1, 0 or +1'],
  ['sqrt', 'square root of the argument'],
  ['trunc', 'truncates toward zero'],
] as const;

/**
 * A SQL reference: a page that defines functions in a table (the indexer's definitions) among
 * pages that mention them in passing, and pages of code tokens, Japanese text, Hindi and Thai text
 * (words with combining marks) and a long token.
 */
const SQL_REFERENCE: ContractDocSet = {
  docSet: docSet('sql-ref', 'SQL Server', '2', 'Reference', '/docs/sql'),
  audience: ['*'],
  pages: [
    {
      path: '/functions-math.htm',
      title: 'Mathematical Functions and Operators',
      breadcrumb: ['Functions'],
      hash: 'functions-math',
      sections: [
        {
          heading: '',
          anchor: '',
          text: 'Mathematical operators and functions are provided for many numeric types. The functions working with double precision data are mostly implemented on top of the C library of the host system; accuracy and behaviour in boundary cases can therefore vary with the host system.',
        },
        {
          heading: 'Mathematical functions',
          anchor: 'functions',
          text: MATH_FUNCTIONS.map(([name, what]) => `${name} ( numeric ) numeric ${what}`).join(
            ' ',
          ),
          definitions: MATH_FUNCTIONS.map(([name]) => name),
        },
      ],
    },
    {
      path: '/functions-shelf.htm',
      title: 'Shelf Functions',
      breadcrumb: ['Functions'],
      hash: 'functions-shelf',
      sections: [
        {
          heading: '',
          anchor: '',
          text: 'has_shelf_privilege ( role, shelf ) boolean Whether the role may take stock from the shelf. shelf_balance ( shelf ) numeric The stock a shelf holds now.',
          definitions: ['has_shelf_privilege', 'shelf_balance'],
        },
      ],
    },
    // Pages titled by some words of the names above: a view named with all but the stop word of
    // one, and a topic named with one word of the other.
    page(
      '/view-shelf-privileges.htm',
      'shelf_privileges',
      ['Views'],
      [
        [
          '',
          '',
          'The view shelf_privileges lists every privilege granted on a shelf: one row per shelf, grantee and privilege, and whether the privilege may be passed on.',
        ],
      ],
    ),
    page(
      '/shelf.htm',
      'Shelf',
      ['Stock'],
      [
        [
          '',
          '',
          'Shelves hold the stock. A shelf keeps its balance per item, and every stocktake counts the shelf again; the balance of a shelf is never below zero.',
        ],
      ],
    ),
    page(
      '/release-12.htm',
      'Release 12 Notes',
      ['Releases'],
      [
        [
          '',
          '',
          'Faster exp and power functions; min and mod are now exact for random input. Several planner improvements speed up joins and the sorting of large tables.',
        ],
      ],
    ),
    page(
      '/tuning.htm',
      'Query Tuning',
      ['Performance'],
      [
        [
          '',
          '',
          'An expression index on exp(x) helps a filter on it. Compare values with power and min, use mod to spread rows and random to sample them, and check the plan.',
        ],
      ],
    ),
    page(
      '/errors.htm',
      'Error Messages',
      ['Troubleshooting'],
      [
        [
          'ORA-00942',
          'ora-00942',
          'ORA-00942: table or view does not exist. Check max_connections and run sqltool --dry-run first; see std::vector and HTTP 404.',
        ],
      ],
    ),
    page('/ja/guide.htm', 'ユーザーガイド', ['日本語'], [['', '', '設定ファイルを読み込みます。']]),
    page('/ja/kite.htm', 'カイト', ['日本語'], [['', '', 'カイトの設定。']]),
    page(
      '/intl/setup.htm',
      'Setup in Hindi and Thai',
      ['International'],
      [['', '', 'प्रोग्राम की स्थापना के लिए दस्तावेज़ देखें। คู่มือการติดตั้งโปรแกรม']],
    ),
    page(
      '/checksums.htm',
      'Checksums',
      ['Reference'],
      [
        [
          '',
          '',
          `The release archive has the digest ${'9f86d081884c7d659a2feaa0c55ad015'.repeat(3)}.`,
        ],
      ],
    ),
  ],
};

/** What an API reference generator makes of a class: one page for it, one for each method. */
const GRID_METHODS = [
  ['copy', '()', 'Returns a copy of the grid.'],
  ['resize', '(rows, cols)', 'Changes the shape of the grid in place, keeping the cells that fit.'],
  ['trace', '()', 'Sum of the cells on the diagonal.'],
  ['transpose', '()', 'Swaps rows and columns.'],
] as const;

/** Methods of a class named in CamelCase, one named with a stop word (`at`). */
const TILE_MATRIX_METHODS = [
  ['at', '(level, row, col) The tile of a geo.TileMatrix at a level, row and column.'],
  ['fill', '(level, tile) Sets every tile of a level of a geo.TileMatrix.'],
  ['levels', '() The number of levels of a geo.TileMatrix.'],
  ['close', '() Lets the tiles of a geo.TileMatrix go.'],
  ['tile_size', '() The size of a tile of a geo.TileMatrix in pixels.'],
] as const;

/**
 * An API reference as Sphinx's autosummary writes one: the class page `geo.Grid` lists every
 * method in a table and names each again in its text, while each method has a short page of its
 * own titled with its full name; a second class has a method of the same name, and a third, named
 * in CamelCase, a method named with a stop word.
 */
const GEO_API: ContractDocSet = {
  docSet: docSet('geo-api', 'Geo Toolkit', '3', 'API Reference', '/docs/geo'),
  audience: ['*'],
  pages: [
    {
      path: '/generated/geo.Grid.htm',
      title: 'geo.Grid',
      breadcrumb: ['API reference', 'geo'],
      hash: 'geo.Grid',
      sections: [
        {
          heading: '',
          anchor: '',
          text: 'class geo.Grid(rows, cols) A regular grid of cells. Every method of geo.Grid returns or changes the grid: copy it before you resize it, trace it or transpose it. Each method is a method of the grid, documented on a page of its own.',
        },
        {
          heading: 'Methods',
          anchor: 'methods',
          text: GRID_METHODS.map(([name, args, what]) => `${name}${args} method: ${what}`).join(
            ' ',
          ),
          definitions: GRID_METHODS.map(([name]) => name),
        },
        {
          heading: 'Examples',
          anchor: 'examples',
          text: 'Make a geo.Grid, copy it, resize the copy with the resize method and trace the result: the copy method and the resize method leave the first geo.Grid as it was, and the trace method reads the resized geo.Grid. Then transpose the geo.Grid with the transpose method and resize it again.',
        },
        {
          heading: 'Notes',
          anchor: 'notes',
          text: 'The resize method of geo.Grid works in place: resize to a larger shape adds empty cells. The copy method copies every cell, so copy a geo.Grid before a resize you may undo. The trace method needs a square geo.Grid.',
        },
      ],
    },
    ...GRID_METHODS.map(([name, args, what]) =>
      page(
        `/generated/geo.Grid.${name}.htm`,
        `geo.Grid.${name}`,
        ['API reference', 'geo'],
        [['', '', `geo.Grid.${name}${args} ${what} A method of geo.Grid.`]],
      ),
    ),
    {
      path: '/generated/geo.TileMatrix.htm',
      title: 'geo.TileMatrix',
      breadcrumb: ['API reference', 'geo'],
      hash: 'geo.TileMatrix',
      sections: [
        {
          heading: '',
          anchor: '',
          text: 'class geo.TileMatrix(levels) The tiles of a map at every zoom level. Read a tile with the at method, fill a level with the fill method.',
        },
        {
          heading: 'Methods',
          anchor: 'methods',
          text: `Methods: ${TILE_MATRIX_METHODS.map(([name]) => name).join(', ')}.`,
          definitions: TILE_MATRIX_METHODS.map(([name]) => name),
        },
        {
          heading: 'Notes',
          anchor: 'notes',
          text: [
            'Levels are numbered from zero, the whole map in one tile, and each level splits every tile of the one above into four.',
            'Tiles are loaded when first read and kept until the matrix is closed; a level filled with one tile keeps a single copy of it.',
            'Reading outside the rows and columns of a level raises an error that names the level and its size.',
            'A cache of recently read tiles sits in front of the store, sized in megabytes, shared by every level.',
            'Writers lock one level at a time, readers never wait for them, and a closed store refuses both.',
            'Coordinates follow the web convention: row zero at the top, column zero at the left, north up.',
          ].join(' '),
        },
      ],
    },
    page(
      '/reference/tilematrix.htm',
      'TileMatrix',
      ['API reference'],
      [
        [
          '',
          '',
          `The geo.TileMatrix class and its methods: ${TILE_MATRIX_METHODS.map(([name]) => `geo.TileMatrix.${name}`).join(', ')}.`,
        ],
      ],
    ),
    ...TILE_MATRIX_METHODS.map(([name, what]) =>
      page(
        `/generated/geo.TileMatrix.${name}.htm`,
        `geo.TileMatrix.${name}`,
        ['API reference', 'geo'],
        [
          [
            '',
            '',
            `geo.TileMatrix.${name}${what} A method of geo.TileMatrix; see geo.TileMatrix for its levels.`,
          ],
        ],
      ),
    ),
    page(
      '/library/tilecache.htm',
      'tilecache — Keeps map tiles in memory',
      ['API reference', 'Library'],
      [
        [
          '',
          '',
          'The tilecache package keeps the tiles read last in memory, up to a size you choose.',
        ],
        ['Sizes', 'sizes', 'A tilecache holds at most the megabytes its size allows.'],
      ],
    ),
    page(
      '/release-notes-3.htm',
      'Release Notes for 3.0',
      ['Release notes'],
      [
        ['', '', 'What changed in release 3.0, part by part.'],
        [
          'tilecache',
          'tilecache',
          'The tilecache package evicts the oldest tiles first; tilecache sizes are in megabytes, and a tilecache can be shared by threads. See the tilecache page.',
        ],
        ['tiles', 'tiles', 'Tiles load in the background.'],
      ],
    ),
    page(
      '/generated/geo.Mesh.resize.htm',
      'geo.Mesh.resize',
      ['API reference', 'geo'],
      [
        [
          '',
          '',
          'geo.Mesh.resize(size) Changes the number of nodes of the mesh. A method of geo.Mesh.',
        ],
      ],
    ),
    page(
      '/generated/geo.Grid.grid.htm',
      'geo.Grid.grid',
      ['API reference', 'geo'],
      [
        ['', '', 'geo.Grid.grid() The geo grid of a geo.Grid: its cells as a geo grid.'],
        ['Geo grid', 'geo-grid', 'The geo grid is the geo.Grid as a geo grid of values.'],
        ['Geo grid examples', 'examples', 'Read the geo grid of a geo.Grid, then the geo grid.'],
      ],
    ),
    page(
      '/generated/geo.levels.htm',
      'geo.levels',
      ['API reference', 'geo'],
      [
        [
          '',
          '',
          'geo.levels(map) The zoom steps a map offers, from the widest view to the closest, each showing four times the detail of the one above; a function of the geo module.',
        ],
      ],
    ),
  ],
};

/**
 * A manual as DocBook numbers it: every title and heading starts with its section label
 * (`5.16. `, `Chapter 4. `), a command's page says its name once in a title of its own while
 * pages titled with a word of the same stem name it all through, and three chapters each end with a page of the same title.
 */
const PAINT_MANUAL: ContractDocSet = {
  docSet: docSet('paint-manual', 'Easel Paint', '2', 'User Manual', '/docs/easel'),
  audience: ['*'],
  pages: [
    page(
      '/image-rotate.htm',
      '5.16. Rotation',
      ['Chapter 5. The Image Menu'],
      [
        ['', '', 'Turns the whole picture by a quarter turn either way, or upside down.'],
        ['5.16.1. Activating the Command', 'activate', 'Open the Image menu and choose Transform.'],
      ],
    ),
    ...[
      ['/rotate-tool.htm', '4.5. Rotate'],
      ['/layer-rotate.htm', '7.48. Rotate Layer'],
      ['/view-rotate.htm', '5.6. Flip and Rotate the View'],
    ].map(([path, title]) =>
      page(
        path as string,
        title as string,
        ['Chapter 4. Tools'],
        [
          [
            '',
            '',
            'Turns a layer, a selection or a path: rotation by dragging, rotation by an angle typed in, rotation about a centre you move. Each rotation can be undone; rotating twice adds the angles.',
          ],
          [
            '4.5.1. Rotation Options',
            'options',
            'Rotate by steps of 15 degrees, or rotate freely.',
          ],
        ],
      ),
    ),
    // A label before an article: "The" is no query word, and the label must not make it one.
    page(
      '/brush-editor.htm',
      '6.3. The Brush Editor',
      ['Chapter 6. Brushes'],
      [['', '', 'Shapes a brush: its size, hardness and spacing.']],
    ),
    page(
      '/brush-editor-keys.htm',
      'Brush Editor Shortcuts',
      ['Chapter 6. Brushes'],
      [
        [
          '',
          '',
          'Keys of the brush editor: B opens the brush editor, R resets the brush editor, and Esc closes the brush editor.',
        ],
      ],
    ),
    page(
      '/whats-new.htm',
      'What Is New',
      ['Chapter 1. Introduction'],
      [['', '', 'An overview of the rotation changes in this release.']],
    ),
    ...['2.7', '5.5', '7.5'].map((label) =>
      page(
        `/together-${label}.htm`,
        `${label}. Putting It All Together`,
        [`Chapter ${label.split('.')[0]}. Worked Examples`],
        [['', '', 'A worked example that puts the steps of the chapter together.']],
      ),
    ),
  ],
};

/** Terms of the glossary below, each defined in a section of its own. */
const GLOSSARY_TERMS = [
  'Alpha',
  'Bitmap',
  'Channel',
  'Dither',
  'Gamut',
  'Hue',
  'Kernel',
  'Luminance',
  'Moiré Effect',
  'Noise',
  'Opacity',
  'Palette',
  'Raster',
  'Saturation',
  'Texture',
  'Vector',
];

/**
 * A long glossary that alone says `moiré`, beside sixty short pages that say `more`, a spelling
 * one letter away that every page of a manual uses, and `opacity` in passing, which the glossary
 * defines under a heading of its own.
 */
const GLOSSARY_MANUAL: ContractDocSet = {
  docSet: docSet('easel-glossary', 'Easel Paint', '2', 'Glossary', '/docs/easel-glossary'),
  audience: ['*'],
  pages: [
    page(
      '/glossary.htm',
      'Glossary',
      ['Reference'],
      GLOSSARY_TERMS.map((term) => [
        term,
        `glossary-${term.toLowerCase().replace(/\W+/g, '-')}`,
        term === 'Moiré Effect'
          ? 'An unwanted wavy moiré pattern where two fine grids overlap, as when a printed photo is scanned.'
          : `${term} is one of the words a painter meets in the dialogs; this entry tells what the dialogs mean by it, where it is set and which tools read it, with an example picture for each case.`,
      ]),
    ),
    ...Array.from({ length: 60 }, (_, n) =>
      page(
        `/tips/tip-${n}.htm`,
        `More Tips ${n}`,
        ['Tips'],
        [
          [
            '',
            '',
            `More brushes, more layers and more colours: tip ${n} shows more of them. Lower the opacity of a layer for a softer look.`,
          ],
        ],
      ),
    ),
  ],
};

/**
 * A rustdoc-like type page: methods whose names start with another method's name and a
 * separator (`get`, `get_mut`, `get_or_default`), each a section defining its name.
 */
const RING_API: ContractDocSet = {
  docSet: docSet('ring-api', 'Ring', '1', 'API Reference', '/docs/ring'),
  audience: ['*'],
  pages: [
    {
      path: '/ring/struct.Ring.html',
      title: 'Struct ring::Ring',
      breadcrumb: ['ring'],
      hash: 'ring::Ring',
      sections: [
        {
          heading: '',
          anchor: '',
          text: 'A fixed-size ring of slots that overwrites its oldest slot.',
        },
        {
          heading: 'pub fn get(&self, at: usize) -> Option<&T>',
          anchor: 'method.get',
          text: 'The slot at a position, or None past the newest.',
          definitions: ['get'],
        },
        {
          heading: 'pub fn get_mut(&mut self, at: usize) -> Option<&mut T>',
          anchor: 'method.get_mut',
          text: 'The slot at a position, to change it: the ring is borrowed mutably.',
          definitions: ['get_mut'],
        },
        {
          heading: 'pub fn get_or_default(&mut self, at: usize) -> &mut T',
          anchor: 'method.get_or_default',
          text: 'The slot at a position, filled with the default first when empty.',
          definitions: ['get_or_default'],
        },
      ],
    },
  ],
};

/**
 * Javadoc-like class pages: methods whose camelCase names start with another method's name
 * (`trim`, `trimEnd`, `trimToNull`, ...), and a class whose name ends in a word that starts
 * with its method's (`GlazeSorter`, `sort`), and two classes whose names are made of the words of
 * each other's methods (`KilnInt` and `KilnFloat`, each with `intValue` and `floatValue`), each
 * member a section defining its name.
 */
const GLAZE_UTILS_API: ContractDocSet = {
  docSet: docSet('glaze-utils-api', 'Glaze utilities', '1', 'API Reference', '/docs/glaze-utils'),
  audience: ['*'],
  pages: [
    {
      path: '/org/kiln/GlazeUtils.html',
      title: 'Class GlazeUtils',
      breadcrumb: ['org.kiln'],
      hash: 'org.kiln.GlazeUtils',
      sections: [
        {
          heading: '',
          anchor: '',
          text: 'Operations on glaze names that accept null.',
        },
        {
          heading: 'trim',
          anchor: 'trim(java.lang.String)',
          text: 'Trims spaces from both ends of a glaze name. GlazeUtils.trim(null) = null. GlazeUtils.trim("ash ") = "ash". GlazeUtils.trim(" celadon") = "celadon".',
          definitions: ['trim'],
        },
        {
          heading: 'trimEnd',
          anchor: 'trimEnd(java.lang.String)',
          text: 'Trims the given characters from the end of a glaze name. GlazeUtils.trimEnd(null) = null. GlazeUtils.trimEnd("ash ") = "ash". GlazeUtils.trimEnd(" celadon") = "celadon".',
          definitions: ['trimEnd'],
        },
        {
          heading: 'trimStart',
          anchor: 'trimStart(java.lang.String)',
          text: 'Trims the given characters from the start of a glaze name. GlazeUtils.trimStart(null) = null. GlazeUtils.trimStart("ash ") = "ash". GlazeUtils.trimStart(" celadon") = "celadon".',
          definitions: ['trimStart'],
        },
        {
          heading: 'trimToNull',
          anchor: 'trimToNull(java.lang.String)',
          text: 'Trims both ends of a glaze name, giving null when nothing is left after the trim. GlazeUtils.trimToNull(null) = null. GlazeUtils.trimToNull("ash ") = "ash". GlazeUtils.trimToNull(" celadon") = "celadon".',
          definitions: ['trimToNull'],
        },
        {
          heading: 'trimToEmpty',
          anchor: 'trimToEmpty(java.lang.String)',
          text: 'Trims both ends of a glaze name, giving an empty name for null. GlazeUtils.trimToEmpty(null) = null. GlazeUtils.trimToEmpty("ash ") = "ash". GlazeUtils.trimToEmpty(" celadon") = "celadon".',
          definitions: ['trimToEmpty'],
        },
        {
          heading: 'trimAll',
          anchor: 'trimAll(java.lang.String)',
          text: 'Trims both ends of every glaze name of an array. GlazeUtils.trimAll(null) = null. GlazeUtils.trimAll("ash ") = "ash". GlazeUtils.trimAll(" celadon") = "celadon".',
          definitions: ['trimAll'],
        },
      ],
    },
    {
      path: '/org/kiln/GlazeSorter.html',
      title: 'Class GlazeSorter',
      breadcrumb: ['org.kiln'],
      hash: 'org.kiln.GlazeSorter',
      sections: [
        { heading: '', anchor: '', text: 'Puts glaze names in order.' },
        {
          heading: 'GlazeSorter',
          anchor: '<init>()',
          text: 'Makes a GlazeSorter that compares names letter by letter.',
          definitions: ['GlazeSorter'],
        },
        {
          heading: 'sort',
          anchor: 'sort(java.lang.String[])',
          text: 'Puts an array of glaze names in order, in place.',
          definitions: ['sort'],
        },
      ],
    },
    ...(['Int', 'Float'] as const).map((kind) => ({
      path: `/org/kiln/Kiln${kind}.html`,
      title: `Class Kiln${kind}`,
      breadcrumb: ['org.kiln'],
      hash: `org.kiln.Kiln${kind}`,
      sections: [
        {
          heading: '',
          anchor: '',
          text: `A changeable ${kind.toLowerCase()} kiln reading, for counts kept across firings.`,
        },
        ...['int', 'float', 'long'].map((type) => ({
          heading: `${type}Value`,
          anchor: `${type}Value()`,
          text: `Gives the value of this Kiln${kind} as ${type === 'int' ? 'an' : 'a'} ${type}.`,
          definitions: [`${type}Value`],
        })),
      ],
    })),
  ],
};

/**
 * A library reference in the manner of Python's: a page per module, its top defining the module,
 * then an entry per function or class member, headed as the reader sees it (`Day.today()`, the
 * module left out) and defining its full name. The `glaze` module has a function named with
 * another form of the module's name; the `tide` module two classes with a member of the same
 * name, one class named as the module, its title saying the other's name.
 */
const KILN_LIBRARY: ContractDocSet = {
  docSet: docSet('kiln-library', 'Kiln', '2', 'Library Reference', '/docs/kiln'),
  audience: ['*'],
  pages: [
    {
      path: '/library/glaze.html',
      title: 'glaze — Coating services',
      breadcrumb: ['The Kiln Library'],
      hash: 'glaze',
      sections: [
        {
          heading: '',
          anchor: '',
          text: 'module The glaze module coats fired pieces. Pieces are coated one at a time; the module keeps the current glaze and its colour.',
          definitions: ['glaze'],
        },
        {
          heading: 'glaze.glazing(piece, coats=1)',
          anchor: 'glaze.glazing',
          text: 'function Coats a piece with the current glaze, once per coat, and returns the piece.',
          definitions: ['glaze.glazing'],
        },
        {
          heading: 'glaze.strip(piece)',
          anchor: 'glaze.strip',
          text: 'function Takes the coat off a piece before it is fired again.',
          definitions: ['glaze.strip'],
        },
      ],
    },
    {
      path: '/library/mark.html',
      title: 'mark — Maker marks',
      breadcrumb: ['The Kiln Library'],
      hash: 'mark',
      sections: [
        {
          heading: '',
          anchor: '',
          text: 'module The mark module presses the initials of a maker into the foot of a piece.',
          definitions: ['mark'],
        },
        {
          heading: 'mark.Stamp(initials, size)',
          anchor: 'mark.Stamp',
          text: 'class A stamp pressed into the clay: the initials of a potter, and a size.',
          definitions: ['mark.Stamp'],
        },
        {
          heading: 'mark.stamp(piece, initials)',
          anchor: 'mark.stamp',
          text: 'function Presses the initials of a potter into the clay of a piece.',
          definitions: ['mark.stamp'],
        },
      ],
    },
    {
      path: '/library/tide.html',
      title: 'tide — Day and tide tables',
      breadcrumb: ['The Kiln Library'],
      hash: 'tide',
      sections: [
        {
          heading: '',
          anchor: '',
          text: 'module The tide module reads the tide tables of a harbour, a day at a time.',
          definitions: ['tide'],
        },
        {
          heading: 'class tide.Day(year, month, day)',
          anchor: 'tide.Day',
          text: 'class A calendar day of a tide table.',
          definitions: ['tide.Day'],
        },
        {
          heading: 'Day.today()',
          anchor: 'tide.Day.today',
          text: 'class method The entry of the table for today.',
          definitions: ['tide.Day.today'],
        },
        {
          heading: 'class tide.Tide(day, hour)',
          anchor: 'tide.Tide',
          text: 'class One high or low tide of a day.',
          definitions: ['tide.Tide'],
        },
        {
          heading: 'Tide.today()',
          anchor: 'tide.Tide.today',
          text: 'class method The next tide of today. Call the method on the class; it reads the clock.',
          definitions: ['tide.Tide.today'],
        },
      ],
    },
  ],
};

/**
 * A query language's manual in the manner of PostgreSQL's: a clause named with a form of a
 * common word (`RETURNING`, whose stem is `return`) has a page of its own, and a chapter on a
 * procedural language says `return` in every section, under a heading of its own.
 */
const KILN_QUERY_MANUAL: ContractDocSet = {
  docSet: docSet('kiln-query', 'Kiln Query', '1', 'Manual', '/docs/kiln-query'),
  audience: ['*'],
  pages: [
    {
      path: '/dml-returning.html',
      title: 'Returning Data from Changed Rows',
      breadcrumb: ['Data Manipulation'],
      hash: 'dml-returning',
      sections: [
        {
          heading: '',
          anchor: '',
          text: 'An INSERT, UPDATE or DELETE command can hand back the rows it changed: add a RETURNING clause, and no second query is needed to read them. The clause lists the columns to hand back, or an asterisk for all of them, and may compute values from them as a select list does.',
        },
      ],
    },
    {
      path: '/kpl-control.html',
      title: 'Control Structures',
      breadcrumb: ['Kiln Procedural Language'],
      hash: 'kpl-control',
      sections: [
        {
          heading: 'Return',
          anchor: 'return',
          text: 'RETURN ends a routine and returns its value. A routine may return early; every return hands back one value, and a RETURN without one returns nothing. The value returned must match the type the routine was declared to return.',
        },
        {
          heading: 'Returning a set',
          anchor: 'return-next',
          text: 'RETURN NEXT adds a row to the result and goes on; the routine returns when it reaches a RETURN without NEXT.',
        },
        {
          heading: 'Return values of triggers',
          anchor: 'trigger-return',
          text: 'A trigger returns a row or nothing. The row it returns replaces the one being written; when it returns nothing, the row is skipped.',
        },
        {
          heading: 'Loops',
          anchor: 'loops',
          text: 'LOOP repeats its statements until EXIT leaves it; a return inside the loop leaves the routine too.',
        },
      ],
    },
    {
      path: '/kpl-functions.html',
      title: 'Writing Functions',
      breadcrumb: ['Kiln Procedural Language'],
      hash: 'kpl-functions',
      sections: [
        {
          heading: 'Return types',
          anchor: 'return-types',
          text: 'A function declares the type it returns. What it returns is converted to that type; a function that returns nothing is declared to return void, and its return statements give no value.',
        },
      ],
    },
  ],
};

/**
 * A library reference whose package has a page of its own, titled with the package's name before
 * a dash as Python's are, and each module of the package a page titled with its qualified name
 * before a colon (as Python titles the modules of its `email` package).
 */
const FERRY_LIBRARY: ContractDocSet = {
  docSet: docSet('ferry-library', 'Ferry', '1', 'Library Reference', '/docs/ferry'),
  audience: ['*'],
  pages: [
    {
      path: '/library/ferry.html',
      title: 'ferry — A ferry and freight handling package',
      breadcrumb: ['The Ferry Library'],
      hash: 'ferry',
      sections: [
        {
          heading: '',
          anchor: '',
          text: 'package The ferry package books crossings and carries freight. Its modules are ferry.freight, for loads and their weight, and ferry.crossing, for timetables.',
          definitions: ['ferry'],
        },
      ],
    },
    {
      path: '/library/ferry.freight.html',
      title: 'ferry.freight: Representing loads',
      breadcrumb: ['The Ferry Library', 'ferry'],
      hash: 'ferry.freight',
      sections: [
        {
          heading: '',
          anchor: '',
          text: 'module This module represents the loads a crossing carries, weighed before boarding.',
          definitions: ['ferry.freight'],
        },
        {
          heading: 'class ferry.freight.Load(weight)',
          anchor: 'ferry.freight.Load',
          text: 'class One load, with its weight in tonnes.',
          definitions: ['ferry.freight.Load'],
        },
      ],
    },
    {
      path: '/library/ferry.crossing.html',
      title: 'ferry.crossing: Timetables',
      breadcrumb: ['The Ferry Library', 'ferry'],
      hash: 'ferry.crossing',
      sections: [
        {
          heading: '',
          anchor: '',
          text: 'module This module reads the timetable of crossings and the loads booked on each.',
          definitions: ['ferry.crossing'],
        },
      ],
    },
  ],
};

/**
 * A web framework's reference in the manner of Django's: the settings of its test database are
 * keys of one setting (`TEST_MIGRATE` is headed `MIGRATE` under `TEST`), and a signal whose name
 * is two edits from one of them (`post_migrate`) has a section of its own.
 */
const QUAY_FRAMEWORK: ContractDocSet = {
  docSet: docSet('quay-framework', 'Quay', '4', 'Reference', '/docs/quay'),
  audience: ['*'],
  pages: [
    {
      path: '/ref/settings.html',
      title: 'Settings',
      breadcrumb: ['Reference'],
      hash: 'quay-settings',
      sections: [
        {
          heading: 'TEST',
          anchor: 'std-setting-TEST',
          text: 'A dictionary of settings for the test database, made before the tests run and dropped after them. Its keys follow.',
        },
        {
          heading: 'MIGRATE',
          anchor: 'std-setting-TEST_MIGRATE',
          text: 'Default: True. When False, migrations are not run as the test database is made; its tables are made from the models instead.',
        },
      ],
    },
    {
      path: '/ref/signals.html',
      title: 'Signals',
      breadcrumb: ['Reference'],
      hash: 'quay-signals',
      sections: [
        {
          heading: 'post_migrate',
          anchor: 'quay.signals.post_migrate',
          text: 'Sent at the end of the migrate command, and after a flush. Receivers of post_migrate may add rows the migrations need; post_migrate is sent for every application, even one without migrations.',
          definitions: ['quay.signals.post_migrate'],
        },
      ],
    },
  ],
};

/**
 * A brewing program's manual whose menus have a page each, titled in the singular (`The “Batch”
 * Menu`), below a chapter that says `menus` throughout.
 */
const KETTLE_MANUAL: ContractDocSet = {
  docSet: docSet('kettle-manual', 'Kettle', '3', 'User Manual', '/docs/kettle'),
  audience: ['*'],
  pages: [
    {
      path: '/menus.html',
      title: 'Menus',
      breadcrumb: ['Reference'],
      hash: 'kettle-menus',
      sections: [
        {
          heading: '',
          anchor: '',
          text: 'Every window of Kettle has menus. The menus of the main window are the batch and recipe menus; context menus open with a right click, and hold the same commands as the menus of the menu bar.',
        },
      ],
    },
    {
      path: '/batch-menu.html',
      title: 'The “Batch” Menu',
      breadcrumb: ['Reference', 'Menus'],
      hash: 'kettle-batch-menu',
      sections: [
        {
          heading: '',
          anchor: '',
          text: 'This menu holds the commands that act on the batch being brewed: start, pause, chill and bottle.',
        },
      ],
    },
    {
      path: '/recipe-menu.html',
      title: 'The “Recipe” Menu',
      breadcrumb: ['Reference', 'Menus'],
      hash: 'kettle-recipe-menu',
      sections: [
        {
          heading: '',
          anchor: '',
          text: 'This menu holds the commands that edit a recipe: its grains, hops, yeast and the batch size it makes.',
        },
      ],
    },
  ],
};

/**
 * Doc sets for the precision cases of the contract suite (definitions, code tokens, unspaced
 * scripts, long tokens, an API reference, numbered titles, a rare word), added and removed by
 * those cases.
 */
export const PRECISION_CORPUS: readonly ContractDocSet[] = [
  SQL_REFERENCE,
  GEO_API,
  PAINT_MANUAL,
  GLOSSARY_MANUAL,
  RING_API,
  GLAZE_UTILS_API,
  KILN_LIBRARY,
  KILN_QUERY_MANUAL,
  FERRY_LIBRARY,
  QUAY_FRAMEWORK,
  KETTLE_MANUAL,
];

/** The weaves a loom manual gives a page each, every page opening with an `Overview`. */
const WEAVES = [
  ...['Plain', 'Twill', 'Satin', 'Basket', 'Herringbone', 'Houndstooth'],
  ...['Waffle', 'Leno', 'Jacquard', 'Dobby', 'Crepe', 'Oxford'],
];

/** Pages of {@link LABEL_CORPUS} with a section headed `Overview`: one per weave. */
export const WEAVE_PAGES = WEAVES.length;

/**
 * A loom's manual in the manner of a desktop application's help: each weave's page opens with a
 * section headed `Overview` that says thread and another headed `Options`, and one
 * concepts page is titled `Threads` with neither heading. `Overview` and `Options` are section
 * labels: words that head a section of their own on most pages that hold them.
 */
export const LABEL_CORPUS: readonly ContractDocSet[] = [
  {
    docSet: docSet('loom-manual', 'Loom', '3', 'User Manual', '/docs/loom'),
    audience: ['*'],
    pages: [
      ...WEAVES.map((weave, i) =>
        page(
          `/weave-${weave.toLowerCase()}.html`,
          `4.${i + 1}. ${weave} Weave`,
          ['Chapter 4. Weaves'],
          [
            ['', '', `The ${weave.toLowerCase()} weave crosses warp and weft in its own order.`],
            [
              'Overview',
              'overview',
              `Each weft thread of a ${weave.toLowerCase()} weave passes over and under the warp in turn; the preview shows the first repeat.`,
            ],
            [
              'Options',
              'options',
              `Sets how many ends a ${weave.toLowerCase()} repeat spans, and the colour of each end.`,
            ],
          ],
        ),
      ),
      page(
        '/concepts-threads.html',
        '2. Threads',
        ['Chapter 2. Concepts'],
        [
          [
            '',
            '',
            'Warp threads run the length of the cloth and weft threads cross them. A thread has a colour, a thickness and a twist; the loom keeps every thread of a project in its thread list.',
          ],
          [
            '2.1. Thread Colours',
            'colours',
            'Give each thread a colour from the palette, or pick one from a photograph of yarn.',
          ],
        ],
      ),
    ],
  },
];
