import { MigrationInterface, QueryRunner } from 'typeorm';

/** docs/rules.md §11.6: the players F 9.4d eliminates, shown on a round's proposal and withdrawn when it is confirmed. */
export class RoundEliminations1766655000000 implements MigrationInterface {
  name = 'RoundEliminations1766655000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tournament_round" ADD "eliminated" jsonb NOT NULL DEFAULT '[]'`);
    await queryRunner.query(`ALTER TABLE "tournament_plan" ADD "eliminate_absent" boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tournament_plan" DROP COLUMN "eliminate_absent"`);
    await queryRunner.query(`ALTER TABLE "tournament_round" DROP COLUMN "eliminated"`);
  }
}
