import { IsIn, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';

// Form bodies of the game page. Every field arrives as text (urlencoded forms): the
// controller converts and the games service checks, so a bad value is shown in words on
// the page (422) rather than as the API's BAD_INPUT. `_csrf` is the double-submit token
// the CSRF middleware checks; it is allowed here because the global pipe forbids unknown fields.

export class WebFormDto {
  @IsOptional()
  @IsString()
  @MaxLength(500)
  _csrf?: string;

  /** A fresh key per rendered form: sending the same form twice acts once. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  idempotencyKey?: string;

  @IsOptional()
  @IsString()
  @MaxLength(10)
  expectedTurn?: string;
}

/** A form whose act cannot be undone: it asks once (`confirm=yes`, docs/web.md "Confirmations"). */
export class ConfirmedFormDto extends WebFormDto {
  @IsOptional()
  @IsString()
  @MaxLength(10)
  confirm?: string;
}

export class MoveFormDto extends WebFormDto {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  move?: string;

  /** The note for the partner; its rule is the games service's (core/move-note.ts). */
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  note?: string;

  /** While two lines are live: `lines[A]`, `lines[B]`. */
  @IsOptional()
  @IsObject()
  lines?: Record<string, string>;
}

export class PassFormDto extends WebFormDto {
  @IsOptional()
  @IsString()
  @MaxLength(20)
  line?: string;

  /** A pass cannot be taken back, so the form asks once (`confirm=yes`). */
  @IsOptional()
  @IsString()
  @MaxLength(10)
  confirm?: string;
}

export class ContestFormDto extends ConfirmedFormDto {
  /** One checkbox per word: a single one arrives as a string. */
  @IsOptional()
  words?: string[] | string;

  @IsOptional()
  @IsString()
  @MaxLength(200)
  reply?: string;
}

/** docs/rules.md §13 (PFS): the words of the partner's last move to check. */
export class ChallengeFormDto extends ConfirmedFormDto {
  /** One checkbox per word: a single one arrives as a string. */
  @IsOptional()
  words?: string[] | string;
}

export class AdmitFormDto extends ConfirmedFormDto {
  @IsOptional()
  @IsString()
  @MaxLength(200)
  replacement?: string;
}

export class AppealFormDto extends ConfirmedFormDto {
  @IsOptional()
  @IsObject()
  lines?: Record<string, string>;
}

export class HolidayFormDto extends ConfirmedFormDto {
  @IsOptional()
  @IsString()
  @MaxLength(20)
  from?: string;

  @IsOptional()
  @IsString()
  @MaxLength(20)
  to?: string;
}

export class LongThinkingFormDto extends WebFormDto {
  @IsOptional()
  @IsString()
  @MaxLength(10)
  days?: string;
}

export class OfferFormDto extends ConfirmedFormDto {
  @IsOptional()
  @IsIn(['draw', 'interruption'])
  kind?: 'draw' | 'interruption';
}

/** Accepting a draw or an interruption ends the game, so the form asks once (`confirm=yes`). */
export class AcceptOfferFormDto extends WebFormDto {
  @IsOptional()
  @IsString()
  @MaxLength(10)
  confirm?: string;
}

export class AbandonFormDto extends WebFormDto {
  @IsOptional()
  @IsString()
  @MaxLength(10)
  confirm?: string;
}

export class ObjectionFormDto extends ConfirmedFormDto {
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  text?: string;
}

export class SettingsFormDto {
  @IsOptional()
  @IsString()
  @MaxLength(500)
  _csrf?: string;

  @IsOptional()
  @IsIn(['ro', 'en', 'pl'])
  language?: 'ro' | 'en' | 'pl';

  @IsOptional()
  @IsIn(['event', 'digest'])
  mail?: 'event' | 'digest';

  /** An arbiter's: their cases mailed one by one or in the daily digest (docs/mail-rules.md 20). */
  @IsOptional()
  @IsIn(['at-once', 'digest'])
  caseMail?: 'at-once' | 'digest';

  /** A new address to add. */
  @IsOptional()
  @IsString()
  @MaxLength(320)
  email?: string;

  /** An address to remove. */
  @IsOptional()
  @IsString()
  @MaxLength(320)
  remove?: string;
}

/** `IF … THEN …` replies to the partner's exact moves; their rule is the games service's. */
export class ConditionalFormDto extends WebFormDto {
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  text?: string;

  @IsOptional()
  @IsString()
  @MaxLength(20)
  line?: string;
}

export class WithdrawConditionalFormDto extends WebFormDto {
  /** Withdrawing cannot be undone (the chain would have to be written again): the form asks once. */
  @IsOptional()
  @IsString()
  @MaxLength(10)
  confirm?: string;
}

/** The account page's forms (docs/web.md "A player's identity"): an address, a join, the confirmation box. */
export class AccountFormDto extends WebFormDto {
  @IsOptional()
  @IsString()
  @MaxLength(320)
  address?: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  join?: string;

  /** The arbiter's name; its own bound (decideArbiterName) answers in words, this one only stops a flood. */
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  name?: string;

  @IsOptional()
  @IsString()
  @MaxLength(10)
  confirm?: string;
}
