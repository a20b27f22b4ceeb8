import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { Actor } from '../auth/core/actor';
import { hasRole } from '../auth/core/actor';
import { isEmailAddress, normalizeEmail } from '../auth/core/email-address';
import { hashLoginToken, isLoginTokenShape, newLoginToken } from '../auth/login-link';
import { canArbitrate, hidesCompetition } from '../auth/core/permissions';
import { forbidden, notFound, Refusal } from '../common/refusal';
import { Clock } from '../common/clock';
import { cleanName } from '../common/names';
import { SETTINGS, type Settings } from '../config/settings';
import { Database } from '../database/database';
import { Notifications, type Notification } from '../notifications/notifications.service';
import { UserRepository } from '../auth/user.repository';
import { AccountNotices } from './account-notices.service';
import { CompetitionsRepository } from './competitions.repository';
import { PartnersInPlay } from './partners-in-play.service';
import {
  ADDRESS_CONFIRMATION_TTL_DAYS,
  addressConfirmationState,
  mayEditIdentity,
  planImport,
  type AddressConfirmationState,
  type ListedFacts,
  type ListedPlayer,
} from './core/player-identity';
import type { Player } from '../players/player.entity';
import type { User } from '../auth/user.entity';
import type { PlayerEmail } from '../players/player-email.entity';
import { PlayersRepository } from './players.repository';
import type { Registration } from './registration.entity';

/** What an import did not do to a player already known, for the arbiter to read. */
export interface ImportNote {
  /** The list's values left as the player has them (another arbiter's player). */
  readonly unchanged: Partial<ListedFacts>;
  /** Addresses added, waiting for their owner's confirmation. */
  readonly pendingEmails: readonly string[];
}

/** A change of identity the player's partners are told of (docs/rules.md §6 Identity). */
type IdentityChange = { readonly kind: 'name'; readonly previousName: string } | { readonly kind: 'address' };

const DAY_MS = 86_400_000;

/**
 * A player's identity (docs/web.md, Security model): the rules of player-identity.ts applied to the
 * database, the addresses added to a known player and their confirmation by mailed link,
 * and the announcements docs/rules.md §6 asks for.
 */
@Injectable()
export class PlayerIdentityService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly notifications: Notifications,
    private readonly partnersInPlay: PartnersInPlay,
    private readonly competitions: CompetitionsRepository,
    private readonly players: PlayersRepository,
    private readonly owners: AccountNotices,
    private readonly users: UserRepository,
    @Inject(SETTINGS) private readonly settings: Pick<Settings, 'publicUrl'>,
  ) {}

  /**
   * An import's lines naming players already known: each gets what the rules allow the
   * actor to change. Returns, per player, what was left unchanged or waits for confirmation.
   * Runs in the import's transaction.
   */
  async importKnown(
    actor: Actor,
    competitionId: string,
    lines: ReadonlyArray<{ readonly listed: ListedPlayer; readonly playerId: string }>,
  ): Promise<Map<string, ImportNote>> {
    const notes = new Map<string, ImportNote>();
    if (!lines.length) return notes;
    const ids = lines.map((l) => l.playerId);
    const players = new Map((await this.players.byIds(ids)).map((p) => [p.id, p]));
    const addresses = await this.players.addressesOf(ids);
    const elsewhere = await this.competitions.arbitersElsewhere(ids, competitionId);
    for (const { listed, playerId } of lines) {
      const player = players.get(playerId)!;
      const known = new Set(addresses.filter((a) => a.playerId === playerId).map((a) => a.address));
      const arbiters = elsewhere.filter((e) => e.playerId === playerId).map((e) => e.arbiterUserId);
      const plan = planImport(player, listed, known, mayEditIdentity(actor, arbiters));
      if (Object.keys(plan.updates).length) {
        await this.players.update(playerId, plan.updates);
        const before = Object.fromEntries(Object.keys(plan.updates).map((k) => [k, player[k as keyof ListedFacts]]));
        await this.audit.record({
          actor,
          asArbiter: true,
          action: 'player.updated',
          competitionId,
          details: { playerId, before, after: plan.updates },
        });
        Object.assign(player, plan.updates);
        if (plan.renamedFrom !== null) await this.announce(player, { kind: 'name', previousName: plan.renamedFrom });
      }
      if (plan.newAddresses.length) await this.addAddresses(actor, player, plan.newAddresses, competitionId);
      if (Object.keys(plan.unchanged).length || plan.newAddresses.length) {
        notes.set(playerId, { unchanged: plan.unchanged, pendingEmails: plan.newAddresses });
      }
    }
    return notes;
  }

  /**
   * Adds addresses to a known player, unverified (docs/web.md "A player's identity"): the link
   * that approves each goes to the addresses the owner already confirmed, never to the new one,
   * which hears only that its owner must approve it. An owner with no confirmed address gets no
   * link: their account page, or an admin, confirms.
   */
  private async addAddresses(actor: Actor, player: Player, addresses: readonly string[], competitionId: string | null): Promise<void> {
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + ADDRESS_CONFIRMATION_TTL_DAYS * DAY_MS);
    const owner = await this.owners.ownerOfPlayer(player);
    const mails: Notification[] = [];
    for (const address of addresses) {
      const token = newLoginToken();
      await this.players.addAddress({
        id: randomUUID(),
        playerId: player.id,
        address,
        verified: false,
        confirmTokenHash: hashLoginToken(token),
        confirmExpiresAt: expiresAt,
      });
      mails.push(
        ...(await this.owners.toOwner(owner, 'address-confirmation', {
          address,
          url: this.confirmationUrl(token),
          accountUrl: this.accountUrl(),
          expiresInDays: ADDRESS_CONFIRMATION_TTL_DAYS,
        })),
      );
      mails.push({
        to: { id: player.id, language: player.language },
        address,
        template: 'address-added',
        payload: { name: player.name, addresses: [address] },
      });
    }
    await this.notifications.add(mails);
    await this.audit.record({
      actor,
      asArbiter: true,
      action: 'player.address_added',
      competitionId,
      details: { playerId: player.id, addresses: [...addresses] },
    });
  }

  /**
   * Addresses a list names that wait, unapproved, on another player (docs/web.md "A player's
   * identity"): the list's claim replaces the waiting one, whose link and join go with it.
   */
  async withdrawWaiting(actor: Actor, competitionId: string, rows: readonly PlayerEmail[]): Promise<void> {
    for (const row of rows) {
      await this.players.removeAddress(row.playerId, row.address);
      await this.users.removeJoinsFor(row.playerId, row.address);
      await this.audit.record({
        actor,
        asArbiter: true,
        action: 'player.address_withdrawn',
        competitionId,
        details: { playerId: row.playerId },
      });
    }
  }

  /**
   * A new player registered with an address that already logs someone in: the account stays as
   * it is, and its owner is asked, at their confirmed addresses, to join it to the player from
   * their own account page (docs/web.md "A player's identity").
   */
  async askToJoin(actor: Actor, competitionId: string, player: Pick<Player, 'id' | 'name'>, account: User, address: string): Promise<void> {
    await this.users.addJoin({
      id: randomUUID(),
      userId: account.id,
      playerId: player.id,
      address,
      competitionId,
      requestedByUserId: actor.kind === 'user' ? actor.userId : null,
      createdAt: this.clock.now(),
    });
    const competition = await this.competitions.find(competitionId);
    await this.owners.tell(await this.owners.ownerOfUser(account), 'account-join', {
      player: player.name,
      competition: competition?.name ?? '',
      address,
      url: this.accountUrl(),
    });
    await this.audit.record({
      actor,
      asArbiter: true,
      action: 'player.join_requested',
      competitionId,
      details: { playerId: player.id },
    });
  }

  /** `POST /api/competitions/:id/players/:playerId/emails`: the competition's arbiter adds an address to one of its players. */
  async addAddress(actor: Actor, competitionId: string, playerId: string, address: string): Promise<{ address: string; verified: false }> {
    const email = normalizeEmail(address);
    if (!isEmailAddress(email))
      throw new Refusal('BAD_INPUT', {
        ro: `„${address}” nu este o adresă de e-mail.`,
        en: `"${address}" is not an e-mail address.`,
        pl: `„${address}” nie jest adresem e-mail.`,
      });
    return this.db.transaction(async () => {
      await this.registrationForArbiter(actor, competitionId, playerId, {
        ro: 'Doar arbitrul competiției poate adăuga o adresă.',
        en: 'Only the competition’s arbiter may add an address.',
        pl: 'Adres może dodać tylko sędzia rozgrywek.',
      });
      if (await this.players.isAddressTaken(email)) {
        throw new Refusal(
          'EMAIL_TAKEN',
          {
            ro: `Adresa ${email} este deja înregistrată.`,
            en: `The address ${email} is already registered.`,
            pl: `Adres ${email} jest już zarejestrowany.`,
          },
          409,
        );
      }
      const player = await this.players.get(playerId);
      await this.addAddresses(actor, player, [email], competitionId);
      await this.competitions.noteTyped(competitionId, playerId, email);
      return { address: email, verified: false as const };
    });
  }

  /**
   * The arbiter's panel (and `PATCH /api/competitions/:id/players/:playerId`): a player's name,
   * club and language, changed by whoever may change their identity (player-identity.ts);
   * a rename is announced to the partners, every change audited.
   */
  async editPlayer(
    actor: Actor,
    competitionId: string,
    playerId: string,
    input: Partial<Pick<ListedFacts, 'name' | 'club' | 'language'>>,
  ): Promise<Player> {
    const name = input.name === undefined ? undefined : cleanName(input.name);
    const club = input.club === undefined ? undefined : cleanName(input.club ?? '') || null;
    if (name !== undefined && (!name || name.length > 200))
      throw new Refusal('BAD_INPUT', {
        ro: 'Numele trebuie să aibă 1–200 de caractere.',
        en: 'The name must have 1–200 characters.',
        pl: 'Nazwisko musi mieć od 1 do 200 znaków.',
      });
    if (club && club.length > 200)
      throw new Refusal('BAD_INPUT', {
        ro: 'Clubul are cel mult 200 de caractere.',
        en: 'The club has at most 200 characters.',
        pl: 'Nazwa klubu ma najwyżej 200 znaków.',
      });
    if (input.language !== undefined && input.language !== 'ro' && input.language !== 'en' && input.language !== 'pl') {
      throw new Refusal('BAD_INPUT', {
        ro: 'Limba este ro, en sau pl.',
        en: 'The language is ro, en or pl.',
        pl: 'Język to ro, en albo pl.',
      });
    }
    return this.db.transaction(async () => {
      await this.registrationForArbiter(actor, competitionId, playerId, {
        ro: 'Doar arbitrul competiției poate schimba datele unui jucător.',
        en: 'Only the competition’s arbiter may change a player’s details.',
        pl: 'Dane gracza może zmienić tylko sędzia rozgrywek.',
      });
      const arbiters = (await this.competitions.arbitersElsewhere([playerId], competitionId)).map((e) => e.arbiterUserId);
      if (!mayEditIdentity(actor, arbiters)) {
        throw new Refusal(
          'IDENTITY_NOT_YOURS',
          {
            ro: 'Jucătorul joacă și în competiții ale altui arbitru: numele, clubul și limba lui le poate schimba doar un administrator.',
            en: 'The player also plays in another arbiter’s competitions: only an admin may change their name, club and language.',
            pl: 'Gracz gra też w rozgrywkach innego sędziego: jego imię i nazwisko, klub i język może zmienić tylko administrator.',
          },
          403,
        );
      }
      const player = await this.players.get(playerId);
      const after = {
        ...(name !== undefined ? { name } : {}),
        ...(club !== undefined ? { club } : {}),
        ...(input.language !== undefined ? { language: input.language } : {}),
      };
      const changed = Object.fromEntries(Object.entries(after).filter(([k, v]) => player[k as keyof typeof after] !== v));
      if (!Object.keys(changed).length) return player;
      const before = Object.fromEntries(Object.keys(changed).map((k) => [k, player[k as keyof typeof after]]));
      await this.players.update(playerId, changed);
      await this.audit.record({
        actor,
        asArbiter: true,
        action: 'player.updated',
        competitionId,
        details: { playerId, before, after: changed },
      });
      const previousName = player.name;
      Object.assign(player, changed);
      if (changed.name !== undefined) await this.announce(player, { kind: 'name', previousName });
      return player;
    });
  }

  /**
   * The player's registration in a competition the actor runs. Another arbiter's competition
   * answers as an unknown one (docs/web.md, Security model); a user who is no arbiter is told it is the arbiter's.
   */
  private async registrationForArbiter(
    actor: Actor,
    competitionId: string,
    playerId: string,
    notArbiter: { ro: string; en: string; pl: string },
  ): Promise<Registration> {
    const competition = await this.competitions.find(competitionId);
    if (!competition || hidesCompetition(actor, competition))
      throw notFound({
        ro: `Competiția ${competitionId} nu există.`,
        en: `There is no competition ${competitionId}.`,
        pl: `Nie ma rozgrywek ${competitionId}.`,
      });
    if (!canArbitrate(actor, competition)) throw forbidden(notArbiter);
    const registered = await this.competitions.registration(competitionId, playerId);
    if (!registered)
      throw notFound({
        ro: 'Jucătorul nu este înscris în această competiție.',
        en: 'The player is not registered in this competition.',
        pl: 'Gracz nie jest zapisany do tych rozgrywek.',
      });
    return registered;
  }

  /** What a confirmation link is, without using it (the page with the button). */
  async linkState(token: string): Promise<{ state: AddressConfirmationState; address?: string }> {
    if (!isLoginTokenShape(token)) return { state: 'unknown' };
    const row = await this.db.run(() => this.players.addressWithToken(hashLoginToken(token)));
    const state = addressConfirmationState(row, this.clock.now());
    return state === 'valid' ? { state, address: row!.address } : { state };
  }

  /** The owner's click: one guarded UPDATE, so a link confirms once. */
  async confirm(token: string): Promise<{ ok: true; address: string } | { ok: false; state: AddressConfirmationState }> {
    if (!isLoginTokenShape(token)) return { ok: false, state: 'unknown' };
    const tokenHash = hashLoginToken(token);
    return this.db.transaction(async () => {
      const now = this.clock.now();
      const row = await this.players.addressWithToken(tokenHash);
      if (row) await this.refuseAnotherAccountsAddress(row);
      const claimed = await this.players.confirmWithToken(tokenHash, now);
      if (!claimed || !row)
        return {
          ok: false as const,
          state: addressConfirmationState(row, now) === 'expired' ? ('expired' as const) : ('unknown' as const),
        };
      await this.confirmed({ kind: 'system' }, row, { by: 'link' });
      return { ok: true as const, address: row.address };
    });
  }

  /** An admin confirms an address for its owner (who told them by other means); audited with the reason. */
  async confirmByAdmin(actor: Actor, address: string, reason: string): Promise<{ address: string; playerId: string }> {
    if (actor.kind !== 'system' && !hasRole(actor, 'admin'))
      throw forbidden({
        ro: 'Doar un administrator poate confirma o adresă.',
        en: 'Only an admin may confirm an address.',
        pl: 'Tylko administrator może potwierdzić adres.',
      });
    if (!reason.trim())
      throw new Refusal('BAD_INPUT', {
        ro: 'Spuneți de ce confirmați adresa în locul titularului.',
        en: 'Say why you confirm the address for its owner.',
        pl: 'Napisz, dlaczego potwierdzasz adres w imieniu jego właściciela.',
      });
    const email = normalizeEmail(address);
    return this.db.transaction(async () => {
      const row = await this.players.address(email);
      if (!row)
        throw notFound({
          ro: `Adresa ${email} nu este înregistrată.`,
          en: `The address ${email} is not registered.`,
          pl: `Adres ${email} nie jest zarejestrowany.`,
        });
      if (row.verified)
        throw new Refusal(
          'ALREADY_VERIFIED',
          {
            ro: `Adresa ${email} este deja confirmată.`,
            en: `The address ${email} is already confirmed.`,
            pl: `Adres ${email} jest już potwierdzony.`,
          },
          409,
        );
      await this.refuseAnotherAccountsAddress(row);
      await this.players.confirm(row.id);
      await this.confirmed(actor, row, { by: 'admin', reason: reason.trim() });
      return { address: email, playerId: row.playerId };
    });
  }

  /** The owner approves a waiting address of their player from their own session (the account page). */
  async approveByOwner(actor: Actor, row: PlayerEmail): Promise<void> {
    await this.refuseAnotherAccountsAddress(row);
    await this.players.confirm(row.id);
    await this.confirmed(actor, row, { by: 'owner' });
  }

  /**
   * An address that logs another account in is that account's owner's to join (their account
   * page), never the player's to approve: approving it would hand that person's mail to the player.
   */
  private async refuseAnotherAccountsAddress(row: PlayerEmail): Promise<void> {
    const user = await this.users.ofPlayer(row.playerId);
    if (await this.players.otherAccountWith(row.address, user?.id ?? null)) {
      throw new Refusal(
        'ADDRESS_OF_ANOTHER_ACCOUNT',
        {
          ro: `Adresa ${row.address} este a altui cont: doar titularul lui o poate alătura jucătorului, din pagina contului său.`,
          en: `The address ${row.address} is another account's: only its owner may join it to the player, from their account page.`,
          pl: `Adres ${row.address} należy do innego konta: tylko jego właściciel może go dołączyć do gracza, ze strony swojego konta.`,
        },
        409,
      );
    }
  }

  /** A confirmed address: the player can log in with it; audited in the player's competitions, announced, and the owner told. */
  private async confirmed(
    actor: Actor,
    row: PlayerEmail,
    how: { by: 'link' } | { by: 'owner' } | { by: 'admin'; reason: string },
  ): Promise<void> {
    await this.users.giveToPlayersUser(row.playerId, row.address);
    await this.owners.record(actor, 'player.address_confirmed', row.playerId, { address: row.address, ...how }, how.by === 'admin');
    const player = await this.players.get(row.playerId);
    await this.owners.tell(await this.owners.ownerOfPlayer(player), 'account-changed', {
      change: 'address-approved',
      address: row.address,
    });
    await this.announce(player, { kind: 'address' });
  }

  /** docs/rules.md §6 Identity: the partners of the player's games in play hear of the change at once. */
  private async announce(player: Player, change: IdentityChange): Promise<void> {
    const partnerIds = await this.partnersInPlay.of(player.id);
    if (!partnerIds.length) return;
    const partners = await this.players.byIds(partnerIds);
    await this.notifications.add(
      partners.map((partner) => ({
        to: { id: partner.id, language: partner.language },
        template: 'identity-changed',
        payload: {
          name: partner.name,
          player: player.name,
          change: change.kind,
          ...(change.kind === 'name' ? { previousName: change.previousName } : {}),
        },
      })),
    );
  }

  private accountUrl(): string {
    return `${this.settings.publicUrl}/account`;
  }

  private confirmationUrl(token: string): string {
    return `${this.settings.publicUrl}/addresses/confirm/${token}`;
  }
}
