import { startApp } from './app/startApp';
import '@docs-portal/contracts/theme/tokens.css';
import './styles/global.css';

startApp(document.getElementById('root'));
