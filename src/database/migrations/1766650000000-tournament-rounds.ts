import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/rules.md §11.6: a competition is round-robin groups or a tournament in rounds
 * (`competition.kind`); a tournament's plan of pairing systems (`tournament_plan`) and its rounds,
 * proposed then started (`tournament_round`).
 */
export class TournamentRounds1766650000000 implements MigrationInterface {
  name = 'TournamentRounds1766650000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "competition" ADD "kind" text NOT NULL DEFAULT 'groups'`);
    await queryRunner.query(`ALTER TABLE "competition" ADD CONSTRAINT "CHK_competition_kind" CHECK ("kind" IN ('groups', 'rounds'))`);
    await queryRunner.query(
      `CREATE TABLE "tournament_plan" ("competition_id" uuid NOT NULL, "systems" jsonb NOT NULL, "regime" text NOT NULL DEFAULT 'frsc', "seed" integer NOT NULL DEFAULT 1, "club_rule" boolean NOT NULL DEFAULT false, "gibson" boolean NOT NULL DEFAULT false, "prize_places" integer NOT NULL DEFAULT 1, "group_id" uuid, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "CHK_tournament_plan_regime" CHECK ("regime" IN ('frsc', 'coefficients')), CONSTRAINT "PK_tournament_plan" PRIMARY KEY ("competition_id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "tournament_plan" ADD CONSTRAINT "FK_tournament_plan_competition" FOREIGN KEY ("competition_id") REFERENCES "competition"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE TABLE "tournament_round" ("id" uuid NOT NULL, "competition_id" uuid NOT NULL, "number" integer NOT NULL, "system" text NOT NULL, "status" text NOT NULL DEFAULT 'proposed', "pairs" jsonb NOT NULL, "bye_player_id" uuid, "gibsonized" jsonb NOT NULL DEFAULT '[]', "closing_date" date NOT NULL, "proposed_at" TIMESTAMP WITH TIME ZONE NOT NULL, "started_at" TIMESTAMP WITH TIME ZONE, "completed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "CHK_tournament_round_status" CHECK ("status" IN ('proposed', 'started')), CONSTRAINT "PK_tournament_round" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_tournament_round_number" ON "tournament_round" ("competition_id", "number")`);
    await queryRunner.query(
      `ALTER TABLE "tournament_round" ADD CONSTRAINT "FK_tournament_round_competition" FOREIGN KEY ("competition_id") REFERENCES "competition"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tournament_round" DROP CONSTRAINT "FK_tournament_round_competition"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_tournament_round_number"`);
    await queryRunner.query(`DROP TABLE "tournament_round"`);
    await queryRunner.query(`ALTER TABLE "tournament_plan" DROP CONSTRAINT "FK_tournament_plan_competition"`);
    await queryRunner.query(`DROP TABLE "tournament_plan"`);
    await queryRunner.query(`ALTER TABLE "competition" DROP CONSTRAINT "CHK_competition_kind"`);
    await queryRunner.query(`ALTER TABLE "competition" DROP COLUMN "kind"`);
  }
}
