import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/rules.md §13: a competition plays by the FRSc's rules or the PFS's (`competition.rules`);
 * under the PFS's a successful challenge records the mover's lost turn (`move.kind = 'lost'`),
 * and each challenge, its words and its verdict are kept (`challenge`), one per move.
 */
export class PfsRules1766590000000 implements MigrationInterface {
  name = 'PfsRules1766590000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "competition" ADD "rules" text NOT NULL DEFAULT 'frsc'`);
    await queryRunner.query(`ALTER TABLE "competition" ADD CONSTRAINT "CHK_competition_rules" CHECK ("rules" IN ('frsc', 'pfs'))`);
    await queryRunner.query(`ALTER TABLE "move" DROP CONSTRAINT "CHK_move_kind"`);
    await queryRunner.query(`ALTER TABLE "move" ADD CONSTRAINT "CHK_move_kind" CHECK ("kind" IN ('place', 'pass', 'lost'))`);
    await queryRunner.query(
      `CREATE TABLE "challenge" ("id" uuid NOT NULL, "game_id" uuid NOT NULL, "move_id" uuid NOT NULL, "challenger_player_id" uuid NOT NULL, "words" jsonb NOT NULL, "successful" boolean NOT NULL, "overridden" boolean NOT NULL DEFAULT false, "override_reason" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "decided_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_challenge" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_challenge_game" ON "challenge" ("game_id")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_challenge_move" ON "challenge" ("move_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_challenge_challenger" ON "challenge" ("challenger_player_id")`);
    await queryRunner.query(
      `ALTER TABLE "challenge" ADD CONSTRAINT "FK_challenge_game" FOREIGN KEY ("game_id") REFERENCES "game"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "challenge" ADD CONSTRAINT "FK_challenge_move" FOREIGN KEY ("move_id") REFERENCES "move"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "challenge" ADD CONSTRAINT "FK_challenge_challenger" FOREIGN KEY ("challenger_player_id") REFERENCES "player"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "challenge" DROP CONSTRAINT "FK_challenge_challenger"`);
    await queryRunner.query(`ALTER TABLE "challenge" DROP CONSTRAINT "FK_challenge_move"`);
    await queryRunner.query(`ALTER TABLE "challenge" DROP CONSTRAINT "FK_challenge_game"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_challenge_challenger"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_challenge_move"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_challenge_game"`);
    await queryRunner.query(`DROP TABLE "challenge"`);
    await queryRunner.query(`DELETE FROM "move" WHERE "kind" = 'lost'`);
    await queryRunner.query(`ALTER TABLE "move" DROP CONSTRAINT "CHK_move_kind"`);
    await queryRunner.query(`ALTER TABLE "move" ADD CONSTRAINT "CHK_move_kind" CHECK ("kind" IN ('place', 'pass'))`);
    await queryRunner.query(`ALTER TABLE "competition" DROP CONSTRAINT "CHK_competition_rules"`);
    await queryRunner.query(`ALTER TABLE "competition" DROP COLUMN "rules"`);
  }
}
