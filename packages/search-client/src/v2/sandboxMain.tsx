// Entry of the newer client's sandbox page (v2/sandbox.html): scores, timings and raw JSON.
import { mountSearchApp } from './mountSearchApp';

const root = document.getElementById('app');
if (root) void mountSearchApp(root, { sandbox: true });
