import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Identity (users, their addresses, API keys) and competitions (settings,
 * groups, players and their addresses, registrations, dealt sequences). Ids come from the
 * application (PGlite has no uuid extension); enumerations are text with named checks.
 */
export class CompetitionsAndIdentity1764500000000 implements MigrationInterface {
  name = 'CompetitionsAndIdentity1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "player" (
        "id" uuid NOT NULL,
        "name" text NOT NULL,
        "club" text,
        "language" text NOT NULL DEFAULT 'ro',
        "previous_coefficient" integer,
        "previous_rank" integer,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "CHK_player_language" CHECK ("language" IN ('ro', 'en')),
        CONSTRAINT "PK_player" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "app_user" (
        "id" uuid NOT NULL,
        "display_name" text NOT NULL,
        "roles" text array NOT NULL DEFAULT '{}',
        "player_id" uuid,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "CHK_app_user_roles" CHECK ("roles" <@ ARRAY['player', 'arbiter', 'admin']::text[]),
        CONSTRAINT "PK_app_user" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_app_user_player" ON "app_user" ("player_id")`);
    await queryRunner.query(`
      CREATE TABLE "api_key" (
        "id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "key_hash" text NOT NULL,
        "label" text NOT NULL DEFAULT '',
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "last_used_at" TIMESTAMP WITH TIME ZONE,
        "revoked_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_api_key" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_api_key_user" ON "api_key" ("user_id")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_api_key_key_hash" ON "api_key" ("key_hash")`);
    await queryRunner.query(`
      CREATE TABLE "user_email" (
        "id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "address" text NOT NULL,
        "verified" boolean NOT NULL DEFAULT false,
        CONSTRAINT "PK_user_email" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_user_email_user" ON "user_email" ("user_id")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_user_email_address" ON "user_email" ("address")`);
    await queryRunner.query(`
      CREATE TABLE "competition" (
        "id" uuid NOT NULL,
        "name" text NOT NULL,
        "short_name" text NOT NULL,
        "tile_set" text NOT NULL DEFAULT 'ro',
        "handicap" boolean NOT NULL DEFAULT true,
        "zero_turns_to_end" integer NOT NULL DEFAULT '6',
        "end_rack_rule" text NOT NULL DEFAULT 'transfer',
        "thinking_days" integer NOT NULL DEFAULT '50',
        "holiday_long_days" integer NOT NULL DEFAULT '20',
        "holiday_short_days" integer NOT NULL DEFAULT '10',
        "reminder_days" integer NOT NULL DEFAULT '15',
        "escalation_days" integer NOT NULL DEFAULT '30',
        "time_zone" text NOT NULL DEFAULT 'Europe/Bucharest',
        "start_date" date NOT NULL,
        "closing_date" date NOT NULL,
        "lexicon" text,
        "auto_homologate" boolean NOT NULL DEFAULT true,
        "status" text NOT NULL DEFAULT 'draft',
        "arbiter_user_id" uuid NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "started_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "CHK_competition_dates" CHECK ("closing_date" > "start_date"),
        CONSTRAINT "CHK_competition_status" CHECK ("status" IN ('draft', 'started', 'finished')),
        CONSTRAINT "CHK_competition_end_rack_rule" CHECK ("end_rack_rule" IN ('transfer', 'double')),
        CONSTRAINT "CHK_competition_tile_set" CHECK ("tile_set" IN ('ro', 'en', 'pl')),
        CONSTRAINT "PK_competition" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_competition_arbiter" ON "competition" ("arbiter_user_id")`);
    await queryRunner.query(`
      CREATE TABLE "competition_group" (
        "id" uuid NOT NULL,
        "competition_id" uuid NOT NULL,
        "name" text NOT NULL,
        "series" text NOT NULL DEFAULT '1',
        "position" integer NOT NULL,
        CONSTRAINT "PK_competition_group" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_competition_group_name" ON "competition_group" ("competition_id", "name")`);
    await queryRunner.query(`
      CREATE TABLE "player_email" (
        "id" uuid NOT NULL,
        "player_id" uuid NOT NULL,
        "address" text NOT NULL,
        "verified" boolean NOT NULL DEFAULT false,
        CONSTRAINT "PK_player_email" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_player_email_player" ON "player_email" ("player_id")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_player_email_address" ON "player_email" ("address")`);
    await queryRunner.query(`
      CREATE TABLE "registration" (
        "id" uuid NOT NULL,
        "competition_id" uuid NOT NULL,
        "group_id" uuid,
        "player_id" uuid NOT NULL,
        "list_position" integer NOT NULL,
        "seat" integer,
        "withdrawn_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_registration" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_registration_group" ON "registration" ("group_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_registration_player" ON "registration" ("player_id")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_registration_seat" ON "registration" ("group_id", "seat")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_registration_player" ON "registration" ("competition_id", "player_id")`);
    await queryRunner.query(`
      CREATE TABLE "sequence" (
        "id" uuid NOT NULL,
        "competition_id" uuid NOT NULL,
        "series" text NOT NULL DEFAULT '1',
        "tiles" text NOT NULL,
        "sha256" text NOT NULL,
        "dealt_by_user_id" uuid,
        "source" text NOT NULL,
        "revealed_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "CHK_sequence_source" CHECK ("source" IN ('random', 'typed')),
        CONSTRAINT "PK_sequence" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_sequence_series" ON "sequence" ("competition_id", "series")`);
    await queryRunner.query(
      `ALTER TABLE "app_user" ADD CONSTRAINT "FK_app_user_player" FOREIGN KEY ("player_id") REFERENCES "player"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "api_key" ADD CONSTRAINT "FK_api_key_user" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_email" ADD CONSTRAINT "FK_user_email_user" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "competition" ADD CONSTRAINT "FK_competition_arbiter" FOREIGN KEY ("arbiter_user_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "competition_group" ADD CONSTRAINT "FK_competition_group_competition" FOREIGN KEY ("competition_id") REFERENCES "competition"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "player_email" ADD CONSTRAINT "FK_player_email_player" FOREIGN KEY ("player_id") REFERENCES "player"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "registration" ADD CONSTRAINT "FK_registration_competition" FOREIGN KEY ("competition_id") REFERENCES "competition"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "registration" ADD CONSTRAINT "FK_registration_group" FOREIGN KEY ("group_id") REFERENCES "competition_group"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "registration" ADD CONSTRAINT "FK_registration_player" FOREIGN KEY ("player_id") REFERENCES "player"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "sequence" ADD CONSTRAINT "FK_sequence_competition" FOREIGN KEY ("competition_id") REFERENCES "competition"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "sequence" ADD CONSTRAINT "FK_sequence_dealt_by" FOREIGN KEY ("dealt_by_user_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sequence" DROP CONSTRAINT "FK_sequence_dealt_by"`);
    await queryRunner.query(`ALTER TABLE "sequence" DROP CONSTRAINT "FK_sequence_competition"`);
    await queryRunner.query(`ALTER TABLE "registration" DROP CONSTRAINT "FK_registration_player"`);
    await queryRunner.query(`ALTER TABLE "registration" DROP CONSTRAINT "FK_registration_group"`);
    await queryRunner.query(`ALTER TABLE "registration" DROP CONSTRAINT "FK_registration_competition"`);
    await queryRunner.query(`ALTER TABLE "player_email" DROP CONSTRAINT "FK_player_email_player"`);
    await queryRunner.query(`ALTER TABLE "competition_group" DROP CONSTRAINT "FK_competition_group_competition"`);
    await queryRunner.query(`ALTER TABLE "competition" DROP CONSTRAINT "FK_competition_arbiter"`);
    await queryRunner.query(`ALTER TABLE "user_email" DROP CONSTRAINT "FK_user_email_user"`);
    await queryRunner.query(`ALTER TABLE "api_key" DROP CONSTRAINT "FK_api_key_user"`);
    await queryRunner.query(`ALTER TABLE "app_user" DROP CONSTRAINT "FK_app_user_player"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_sequence_series"`);
    await queryRunner.query(`DROP TABLE "sequence"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_registration_player"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_registration_seat"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_registration_player"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_registration_group"`);
    await queryRunner.query(`DROP TABLE "registration"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_player_email_address"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_player_email_player"`);
    await queryRunner.query(`DROP TABLE "player_email"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_competition_group_name"`);
    await queryRunner.query(`DROP TABLE "competition_group"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_competition_arbiter"`);
    await queryRunner.query(`DROP TABLE "competition"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_user_email_address"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_user_email_user"`);
    await queryRunner.query(`DROP TABLE "user_email"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_api_key_key_hash"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_api_key_user"`);
    await queryRunner.query(`DROP TABLE "api_key"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_app_user_player"`);
    await queryRunner.query(`DROP TABLE "app_user"`);
    await queryRunner.query(`DROP TABLE "player"`);
  }
}
