// The pure thinking-time rules (docs/rules.md §5): calendar days, thinking days, holidays and
// a game's timeline of clocks and deadlines. No Nest, no database, no clock.
export * from './calendar';
export * from './thinking-days';
export * from './holidays';
export * from './timeline';
export * from './closing-date';
