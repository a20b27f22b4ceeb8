// View models of the mails about a person's account and identity (docs/web.md "A player's
// identity"): the login link, an address's confirmation, a player joined to an account, a change
// of the account, a partner renamed. They name no game's state. Plain JSON, stored as the outbox
// payload; the game's own mails are in models.ts.

/** The one-time login link. */
export interface MagicLinkModel {
  readonly name: string;
  readonly url: string;
  readonly expiresInMinutes: number;
}

/** docs/web.md "A player's identity": to the owner's confirmed addresses, the link that approves an address added to their player. */
export interface AddressConfirmationModel {
  readonly name: string;
  readonly address: string;
  readonly url: string;
  /** Their account page, where they refuse it. */
  readonly accountUrl: string;
  readonly expiresInDays: number;
}

/** To the added address alone: it waits for the account owner's approval (no working link). */
export interface AddressAddedModel {
  /** The player whose account it was added to. */
  readonly name: string;
  readonly addresses: readonly string[];
}

/** To an account's confirmed addresses: a player was registered with its address; the owner alone joins them. */
export interface AccountJoinModel {
  readonly name: string;
  readonly player: string;
  readonly competition: string;
  readonly address: string;
  /** The account page (no token: accepting needs the owner's session). */
  readonly url: string;
}

/** To the owner's confirmed addresses: a change of their account (docs/web.md "A player's identity"). */
export interface AccountChangedModel {
  readonly name: string;
  readonly change: 'address-approved' | 'address-refused' | 'address-removed' | 'join-accepted' | 'join-refused' | 'sessions-ended';
  readonly address?: string;
  readonly player?: string;
  readonly sessions?: number;
}

/** docs/rules.md §6 Identity: to the partners of a player whose name or address changed. */
export interface IdentityChangedModel {
  /** The partner the mail is for. */
  readonly name: string;
  /** The player, as named now. */
  readonly player: string;
  readonly change: 'name' | 'address';
  readonly previousName?: string;
}
