import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Games and their lines and moves, what players declare and offer
 * (holidays, long thinking, offers), disputes and time claims, the arbiter's cases,
 * rulings and penalties, the audit log, the mail outbox and results. Ids come from the
 * application; enumerations are text with named checks; partial unique indexes keep one
 * open dispute, one open claim and one pending offer of a kind per game.
 */
export class Games1764600000000 implements MigrationInterface {
  name = 'Games1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "game" (
        "id" uuid NOT NULL,
        "competition_id" uuid NOT NULL,
        "group_id" uuid NOT NULL,
        "sequence_id" uuid NOT NULL,
        "red_player_id" uuid NOT NULL,
        "blue_player_id" uuid NOT NULL,
        "round" integer NOT NULL,
        "status" text NOT NULL DEFAULT 'playing',
        "state" jsonb NOT NULL,
        "version" integer NOT NULL DEFAULT '1',
        "turn" integer NOT NULL DEFAULT '1',
        "started_on" date NOT NULL,
        "ended_at" TIMESTAMP WITH TIME ZONE,
        "end_reason" text,
        "outcome" jsonb,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "CHK_game_players" CHECK ("red_player_id" <> "blue_player_id"),
        CONSTRAINT "CHK_game_status" CHECK ("status" IN ('playing', 'ended')),
        CONSTRAINT "PK_game" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_game_blue" ON "game" ("blue_player_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_game_red" ON "game" ("red_player_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_game_group" ON "game" ("group_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_game_competition" ON "game" ("competition_id")`);
    await queryRunner.query(`
      CREATE TABLE "audit" (
        "id" uuid NOT NULL,
        "at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "actor_user_id" uuid,
        "actor_role" text NOT NULL,
        "action" text NOT NULL,
        "competition_id" uuid,
        "game_id" uuid,
        "details" jsonb NOT NULL,
        CONSTRAINT "PK_audit" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_audit_competition" ON "audit" ("competition_id", "at")`);
    await queryRunner.query(`CREATE INDEX "IDX_audit_game" ON "audit" ("game_id", "at")`);
    await queryRunner.query(`
      CREATE TABLE "arbiter_case" (
        "id" uuid NOT NULL,
        "competition_id" uuid NOT NULL,
        "game_id" uuid,
        "kind" text NOT NULL,
        "status" text NOT NULL DEFAULT 'open',
        "due_on" date,
        "payload" jsonb NOT NULL,
        "opened_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "closed_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "CHK_arbiter_case_status" CHECK ("status" IN ('open', 'closed')),
        CONSTRAINT "PK_arbiter_case" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_arbiter_case_game" ON "arbiter_case" ("game_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_arbiter_case_open" ON "arbiter_case" ("competition_id", "status", "due_on")`);
    await queryRunner.query(`
      CREATE TABLE "ruling" (
        "id" uuid NOT NULL,
        "competition_id" uuid NOT NULL,
        "game_id" uuid,
        "case_id" uuid,
        "arbiter_user_id" uuid,
        "kind" text NOT NULL,
        "reason" text NOT NULL,
        "details" jsonb NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_ruling" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_ruling_competition" ON "ruling" ("competition_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_ruling_game" ON "ruling" ("game_id")`);
    await queryRunner.query(`
      CREATE TABLE "penalty" (
        "id" uuid NOT NULL,
        "competition_id" uuid NOT NULL,
        "game_id" uuid,
        "player_id" uuid NOT NULL,
        "ruling_id" uuid NOT NULL,
        "kind" text NOT NULL,
        "amount" integer NOT NULL DEFAULT '0',
        "effective_on" date NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "CHK_penalty_kind" CHECK ("kind" IN ('coefficient', 'thinking-days', 'score', 'warning', 'exclusion')),
        CONSTRAINT "PK_penalty" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_penalty_player" ON "penalty" ("competition_id", "player_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_penalty_game" ON "penalty" ("game_id")`);
    await queryRunner.query(`
      CREATE TABLE "result" (
        "id" uuid NOT NULL,
        "game_id" uuid NOT NULL,
        "outcome" jsonb NOT NULL,
        "red_score" integer NOT NULL,
        "blue_score" integer NOT NULL,
        "red_coefficient" integer NOT NULL,
        "blue_coefficient" integer NOT NULL,
        "automatic" boolean NOT NULL,
        "status" text NOT NULL DEFAULT 'proposed',
        "due_on" date NOT NULL,
        "red_confirmed_at" TIMESTAMP WITH TIME ZONE,
        "blue_confirmed_at" TIMESTAMP WITH TIME ZONE,
        "objections" jsonb NOT NULL DEFAULT '[]',
        "proposed_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "homologated_at" TIMESTAMP WITH TIME ZONE,
        "homologated_by_user_id" uuid,
        CONSTRAINT "REL_6b447e49d5e16f2d5d72de8bde" UNIQUE ("game_id"),
        CONSTRAINT "CHK_result_status" CHECK ("status" IN ('proposed', 'homologated')),
        CONSTRAINT "PK_result" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_result_game" ON "result" ("game_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_result_due" ON "result" ("status", "due_on")`);
    await queryRunner.query(`
      CREATE TABLE "action_receipt" (
        "game_id" uuid NOT NULL,
        "idempotency_key" text NOT NULL,
        "action" text NOT NULL,
        "result" jsonb NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_action_receipt" PRIMARY KEY ("game_id", "idempotency_key")
      )`);
    await queryRunner.query(`
      CREATE TABLE "claim" (
        "id" uuid NOT NULL,
        "game_id" uuid NOT NULL,
        "claimant_player_id" uuid NOT NULL,
        "days_used" integer NOT NULL,
        "status" text NOT NULL DEFAULT 'open',
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "ruled_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "CHK_claim_status" CHECK ("status" IN ('open', 'upheld', 'rejected')),
        CONSTRAINT "PK_claim" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_claim_open" ON "claim" ("game_id") WHERE "status" = 'open'`);
    await queryRunner.query(`CREATE INDEX "IDX_claim_game" ON "claim" ("game_id")`);
    await queryRunner.query(`
      CREATE TABLE "game_line" (
        "game_id" uuid NOT NULL,
        "id" text NOT NULL,
        "parent_id" text,
        "fork_after" integer NOT NULL DEFAULT '0',
        "status" text NOT NULL DEFAULT 'live',
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "CHK_game_line_parent" CHECK (("id" = 'main') = ("parent_id" IS NULL)),
        CONSTRAINT "CHK_game_line_status" CHECK ("status" IN ('live', 'closed')),
        CONSTRAINT "PK_game_line" PRIMARY KEY ("game_id", "id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "move" (
        "id" uuid NOT NULL,
        "game_id" uuid NOT NULL,
        "line_id" text NOT NULL,
        "number" integer NOT NULL,
        "turn" integer NOT NULL,
        "player_id" uuid NOT NULL,
        "color" text NOT NULL,
        "kind" text NOT NULL,
        "notation" text NOT NULL,
        "written" text NOT NULL,
        "tiles" jsonb NOT NULL,
        "words" jsonb NOT NULL,
        "unknown_words" jsonb NOT NULL DEFAULT '[]',
        "score" integer NOT NULL,
        "recorded_score" integer NOT NULL,
        "arrived_on" date NOT NULL,
        "sent_on" date NOT NULL,
        "received_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "thinking_days" integer NOT NULL,
        "source" text NOT NULL,
        "inbound_mail_id" uuid,
        "idempotency_key" text,
        "annulled" boolean NOT NULL DEFAULT false,
        CONSTRAINT "CHK_move_dates" CHECK ("sent_on" >= "arrived_on"),
        CONSTRAINT "CHK_move_color" CHECK ("color" IN ('red', 'blue')),
        CONSTRAINT "CHK_move_source" CHECK ("source" IN ('mail', 'web', 'api', 'arbiter')),
        CONSTRAINT "CHK_move_kind" CHECK ("kind" IN ('place', 'pass')),
        CONSTRAINT "PK_move" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_move_player" ON "move" ("player_id")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_move_line_number" ON "move" ("game_id", "line_id", "number")`);
    await queryRunner.query(`
      CREATE TABLE "dispute" (
        "id" uuid NOT NULL,
        "game_id" uuid NOT NULL,
        "contested_move_id" uuid NOT NULL,
        "provisional_reply_id" uuid NOT NULL,
        "contester_player_id" uuid NOT NULL,
        "words" jsonb NOT NULL,
        "status" text NOT NULL DEFAULT 'open',
        "lines" jsonb,
        "kept_line_id" text,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "admitted_at" TIMESTAMP WITH TIME ZONE,
        "appealed_at" TIMESTAMP WITH TIME ZONE,
        "ruled_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "CHK_dispute_status" CHECK ("status" IN ('open', 'admitted', 'appealed', 'ruled')),
        CONSTRAINT "PK_dispute" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_dispute_open" ON "dispute" ("game_id") WHERE "status" IN ('open', 'appealed')`);
    await queryRunner.query(`CREATE INDEX "IDX_dispute_game" ON "dispute" ("game_id")`);
    await queryRunner.query(`
      CREATE TABLE "holiday" (
        "id" uuid NOT NULL,
        "competition_id" uuid NOT NULL,
        "player_id" uuid NOT NULL,
        "from_day" date NOT NULL,
        "to_day" date NOT NULL,
        "kind" text NOT NULL,
        "declared_on" date NOT NULL,
        "declared_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "replaced_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "CHK_holiday_range" CHECK ("to_day" >= "from_day"),
        CONSTRAINT "CHK_holiday_kind" CHECK ("kind" IN ('long', 'short')),
        CONSTRAINT "PK_holiday" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_holiday_player" ON "holiday" ("competition_id", "player_id")`);
    await queryRunner.query(`
      CREATE TABLE "long_thinking_notice" (
        "id" uuid NOT NULL,
        "game_id" uuid NOT NULL,
        "player_id" uuid NOT NULL,
        "turn" integer NOT NULL,
        "from_day" date NOT NULL,
        "days" integer NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_long_thinking_notice" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_long_thinking_notice_turn" ON "long_thinking_notice" ("game_id", "turn")`);
    await queryRunner.query(`
      CREATE TABLE "offer" (
        "id" uuid NOT NULL,
        "game_id" uuid NOT NULL,
        "kind" text NOT NULL,
        "offered_by_player_id" uuid NOT NULL,
        "status" text NOT NULL DEFAULT 'pending',
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "answered_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "CHK_offer_status" CHECK ("status" IN ('pending', 'accepted', 'declined', 'lapsed')),
        CONSTRAINT "CHK_offer_kind" CHECK ("kind" IN ('draw', 'interruption')),
        CONSTRAINT "PK_offer" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_offer_pending" ON "offer" ("game_id", "kind") WHERE "status" = 'pending'`);
    await queryRunner.query(`CREATE INDEX "IDX_offer_game" ON "offer" ("game_id")`);
    await queryRunner.query(`
      CREATE TABLE "outbound_mail" (
        "id" uuid NOT NULL,
        "game_id" uuid,
        "player_id" uuid NOT NULL,
        "template" text NOT NULL,
        "language" text NOT NULL,
        "payload" jsonb NOT NULL,
        "message_id" text NOT NULL,
        "status" text NOT NULL DEFAULT 'pending',
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "CHK_outbound_mail_status" CHECK ("status" IN ('pending', 'sent', 'failed')),
        CONSTRAINT "PK_outbound_mail" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_outbound_mail_game" ON "outbound_mail" ("game_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_outbound_mail_status" ON "outbound_mail" ("status", "created_at")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_outbound_mail_message_id" ON "outbound_mail" ("message_id")`);
    await queryRunner.query(
      `ALTER TABLE "game" ADD CONSTRAINT "FK_game_competition" FOREIGN KEY ("competition_id") REFERENCES "competition"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "game" ADD CONSTRAINT "FK_game_group" FOREIGN KEY ("group_id") REFERENCES "competition_group"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "game" ADD CONSTRAINT "FK_game_sequence" FOREIGN KEY ("sequence_id") REFERENCES "sequence"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "game" ADD CONSTRAINT "FK_game_red_player" FOREIGN KEY ("red_player_id") REFERENCES "player"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "game" ADD CONSTRAINT "FK_game_blue_player" FOREIGN KEY ("blue_player_id") REFERENCES "player"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "audit" ADD CONSTRAINT "FK_audit_actor" FOREIGN KEY ("actor_user_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "audit" ADD CONSTRAINT "FK_audit_competition" FOREIGN KEY ("competition_id") REFERENCES "competition"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "audit" ADD CONSTRAINT "FK_audit_game" FOREIGN KEY ("game_id") REFERENCES "game"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "arbiter_case" ADD CONSTRAINT "FK_arbiter_case_competition" FOREIGN KEY ("competition_id") REFERENCES "competition"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "arbiter_case" ADD CONSTRAINT "FK_arbiter_case_game" FOREIGN KEY ("game_id") REFERENCES "game"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "ruling" ADD CONSTRAINT "FK_ruling_competition" FOREIGN KEY ("competition_id") REFERENCES "competition"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "ruling" ADD CONSTRAINT "FK_ruling_game" FOREIGN KEY ("game_id") REFERENCES "game"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "ruling" ADD CONSTRAINT "FK_ruling_case" FOREIGN KEY ("case_id") REFERENCES "arbiter_case"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "ruling" ADD CONSTRAINT "FK_ruling_arbiter" FOREIGN KEY ("arbiter_user_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "penalty" ADD CONSTRAINT "FK_penalty_competition" FOREIGN KEY ("competition_id") REFERENCES "competition"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "penalty" ADD CONSTRAINT "FK_penalty_game" FOREIGN KEY ("game_id") REFERENCES "game"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "penalty" ADD CONSTRAINT "FK_penalty_player" FOREIGN KEY ("player_id") REFERENCES "player"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "penalty" ADD CONSTRAINT "FK_penalty_ruling" FOREIGN KEY ("ruling_id") REFERENCES "ruling"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "result" ADD CONSTRAINT "FK_result_game" FOREIGN KEY ("game_id") REFERENCES "game"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "result" ADD CONSTRAINT "FK_result_homologated_by" FOREIGN KEY ("homologated_by_user_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "action_receipt" ADD CONSTRAINT "FK_action_receipt_game" FOREIGN KEY ("game_id") REFERENCES "game"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "claim" ADD CONSTRAINT "FK_claim_game" FOREIGN KEY ("game_id") REFERENCES "game"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "claim" ADD CONSTRAINT "FK_claim_claimant" FOREIGN KEY ("claimant_player_id") REFERENCES "player"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "game_line" ADD CONSTRAINT "FK_game_line_game" FOREIGN KEY ("game_id") REFERENCES "game"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "move" ADD CONSTRAINT "FK_move_game" FOREIGN KEY ("game_id") REFERENCES "game"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "move" ADD CONSTRAINT "FK_move_player" FOREIGN KEY ("player_id") REFERENCES "player"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "move" ADD CONSTRAINT "FK_move_line" FOREIGN KEY ("game_id", "line_id") REFERENCES "game_line"("game_id","id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "dispute" ADD CONSTRAINT "FK_dispute_game" FOREIGN KEY ("game_id") REFERENCES "game"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "dispute" ADD CONSTRAINT "FK_dispute_contested_move" FOREIGN KEY ("contested_move_id") REFERENCES "move"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "dispute" ADD CONSTRAINT "FK_dispute_provisional_reply" FOREIGN KEY ("provisional_reply_id") REFERENCES "move"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "dispute" ADD CONSTRAINT "FK_dispute_contester" FOREIGN KEY ("contester_player_id") REFERENCES "player"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "holiday" ADD CONSTRAINT "FK_holiday_competition" FOREIGN KEY ("competition_id") REFERENCES "competition"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "holiday" ADD CONSTRAINT "FK_holiday_player" FOREIGN KEY ("player_id") REFERENCES "player"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "long_thinking_notice" ADD CONSTRAINT "FK_long_thinking_notice_game" FOREIGN KEY ("game_id") REFERENCES "game"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "long_thinking_notice" ADD CONSTRAINT "FK_long_thinking_notice_player" FOREIGN KEY ("player_id") REFERENCES "player"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "offer" ADD CONSTRAINT "FK_offer_game" FOREIGN KEY ("game_id") REFERENCES "game"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "offer" ADD CONSTRAINT "FK_offer_player" FOREIGN KEY ("offered_by_player_id") REFERENCES "player"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "outbound_mail" ADD CONSTRAINT "FK_outbound_mail_game" FOREIGN KEY ("game_id") REFERENCES "game"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "outbound_mail" ADD CONSTRAINT "FK_outbound_mail_player" FOREIGN KEY ("player_id") REFERENCES "player"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "outbound_mail"`);
    await queryRunner.query(`DROP TABLE "offer"`);
    await queryRunner.query(`DROP TABLE "long_thinking_notice"`);
    await queryRunner.query(`DROP TABLE "holiday"`);
    await queryRunner.query(`DROP TABLE "dispute"`);
    await queryRunner.query(`DROP TABLE "move"`);
    await queryRunner.query(`DROP TABLE "game_line"`);
    await queryRunner.query(`DROP TABLE "claim"`);
    await queryRunner.query(`DROP TABLE "action_receipt"`);
    await queryRunner.query(`DROP TABLE "result"`);
    await queryRunner.query(`DROP TABLE "penalty"`);
    await queryRunner.query(`DROP TABLE "ruling"`);
    await queryRunner.query(`DROP TABLE "arbiter_case"`);
    await queryRunner.query(`DROP TABLE "audit"`);
    await queryRunner.query(`DROP TABLE "game"`);
  }
}
