export { darkColours, lightColours, themeCss } from './tokens';
export type { ColourTokenName, ColourTokens } from './tokens';
