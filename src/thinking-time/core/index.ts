// The pure thinking-time rules (docs/rules.md §5): thinking days, holidays and a game's timeline
// of clocks and deadlines, counted on the kernel's calendar days (src/common/calendar.ts). No
// Nest, no database, no clock.
export * from './thinking-days';
export * from './holidays';
export * from './timeline';
export * from './closing-date';
