export * from './api';
export * from './search';
export * from './frame';
export * from './safety';
export * from './versions';
export * from './rules';
