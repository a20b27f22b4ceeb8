// The name a person reads for a user: the display name, never an address.
// A user created from an address alone (the first admin, `admin@localhost`; an arbiter named
// by e-mail) has the address as display name: their name is then made from its local part.

const ADDRESS = /^([^@\s]+)@[^@\s]+$/;

/** `Ion Popescu` for "Ion Popescu"; `Ion Popescu` for "ion.popescu@fr.ro"; `Admin` for "admin@localhost". */
export function personName(displayName: string | null | undefined): string {
  const name = (displayName ?? '').trim();
  const address = ADDRESS.exec(name);
  if (!address) return name;
  return address[1]
    .split(/[._+-]+/)
    .filter((w) => w !== '')
    .map((w) => w.charAt(0).toLocaleUpperCase('ro') + w.slice(1))
    .join(' ');
}
