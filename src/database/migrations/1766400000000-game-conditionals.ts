import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A player's conditional replies in a game (chains of partner move and own
 * reply, kept after they are applied or dropped), and the competition's switch for them.
 */
export class GameConditionals1766400000000 implements MigrationInterface {
  name = 'GameConditionals1766400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "competition" ADD "conditionals_allowed" boolean NOT NULL DEFAULT true`);
    await queryRunner.query(`
      CREATE TABLE "game_conditional" (
        "id" uuid NOT NULL,
        "game_id" uuid NOT NULL,
        "player_id" uuid NOT NULL,
        "line_id" text NOT NULL,
        "move" integer NOT NULL,
        "steps" jsonb NOT NULL,
        "applied" jsonb NOT NULL DEFAULT '[]',
        "text" text NOT NULL,
        "channel" text NOT NULL,
        "status" text NOT NULL DEFAULT 'pending',
        "reason" jsonb,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "closed_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "CHK_game_conditional_status" CHECK ("status" IN ('pending', 'applied', 'dropped')),
        CONSTRAINT "CHK_game_conditional_channel" CHECK ("channel" IN ('web', 'api', 'mail')),
        CONSTRAINT "PK_game_conditional" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_game_conditional_game" ON "game_conditional" ("game_id", "status")`);
    await queryRunner.query(
      `ALTER TABLE "game_conditional" ADD CONSTRAINT "FK_game_conditional_game" FOREIGN KEY ("game_id") REFERENCES "game"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "game_conditional" ADD CONSTRAINT "FK_game_conditional_player" FOREIGN KEY ("player_id") REFERENCES "player"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "game_conditional"`);
    await queryRunner.query(`ALTER TABLE "competition" DROP COLUMN "conditionals_allowed"`);
  }
}
