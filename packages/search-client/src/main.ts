import { mountPlaceholder } from './placeholder';
import './placeholder.css';

const root = document.getElementById('app');
if (root) void mountPlaceholder(root, document.body.dataset.page ?? 'Search');
