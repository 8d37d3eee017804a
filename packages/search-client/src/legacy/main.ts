// Entry of the older client (legacy/index.html).
import { mountLegacyClient } from './legacyClient';
import '@docs-portal/contracts/theme/tokens.css';
import './legacy.css';

const root = document.getElementById('app');
if (root) void mountLegacyClient(root);
