/** A new row's columns (the entity's relations are never written through it): what the games' repositories insert. */
export type Row<T> = Omit<T, 'game' | 'competition' | 'player' | 'line' | 'redPlayer' | 'bluePlayer' | 'sequence' | 'group'>;
