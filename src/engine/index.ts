// The pure rules engine (docs/rules.md §1–§4): no Nest, no database, no clock.
export * from './types';
export * from './tile-sets';
export * from './board';
export * from './messages';
export * from './notation';
export * from './score';
export * from './validate';
export * from './rack';
export * from './lexicon';
export * from './replay';
export * from './tour';
