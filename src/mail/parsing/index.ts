// Reading inbound mail, pure (docs/mail-rules.md 5–10): bytes → message → who wrote it → the player's
// own lines → the one command. The transport stores, dedupes and routes; these only read.
export * from './decode';
export * from './charset';
export * from './automated';
export * from './quotes';
export * from './commands';
