// Entry of the newer client's production page (v2/index.html).
import { mountSearchApp } from './mountSearchApp';

const root = document.getElementById('app');
if (root) void mountSearchApp(root);
