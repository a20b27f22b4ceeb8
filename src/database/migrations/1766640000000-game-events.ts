import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Game actions write facts, not template names (docs/mail-rules.md 17, "Events"): one
 * `game_event` row a fact with the game as the action left it; each mail of it is an
 * `outbound_mail` row naming the event. Rows queued before this migration name none: the
 * sender still delivers them once, from the game as it stands (their unique Message-ID and
 * status are unchanged), so nothing is converted here.
 */
export class GameEvents1766640000000 implements MigrationInterface {
  name = 'GameEvents1766640000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "game_event" ("id" uuid NOT NULL, "game_id" uuid NOT NULL, "kind" text NOT NULL, "payload" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_game_event" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_game_event_game" ON "game_event" ("game_id")`);
    await queryRunner.query(
      `ALTER TABLE "game_event" ADD CONSTRAINT "FK_game_event_game" FOREIGN KEY ("game_id") REFERENCES "game"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`ALTER TABLE "outbound_mail" ADD "event_id" uuid`);
    await queryRunner.query(`CREATE INDEX "IDX_outbound_mail_event" ON "outbound_mail" ("event_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_outbound_mail_event"`);
    await queryRunner.query(`ALTER TABLE "outbound_mail" DROP COLUMN "event_id"`);
    await queryRunner.query(`DROP TABLE "game_event"`);
  }
}
