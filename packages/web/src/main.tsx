import { startApp } from './app/startApp';
import './styles/global.css';

startApp(document.getElementById('root'));
